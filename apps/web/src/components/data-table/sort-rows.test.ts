import { describe, expect, it } from 'vitest';
import type { Column } from '../server-table/ServerTable.tsx';
import { nextSort, sortRows } from './sort-rows.ts';

interface Row {
  id: number;
  code: string;
}
const columns: Column<Row>[] = [
  { id: 'code', header: 'Code', sortValue: (row) => row.code, render: (row) => row.code },
];

describe('sortRows', () => {
  it('compares text naturally (A2 before A10) and keeps equal rows in their given order', () => {
    const rows = [
      { id: 1, code: 'A10' },
      { id: 2, code: 'a2' },
      { id: 3, code: 'A2' },
    ];
    expect(sortRows(rows, columns, { columnId: 'code', desc: false }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, columns, { columnId: 'code', desc: true }).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('leaves the rows as given without a sort or for a column without a sort value', () => {
    const rows = [
      { id: 2, code: 'b' },
      { id: 1, code: 'a' },
    ];
    expect(sortRows(rows, columns, null)).toEqual(rows);
    expect(sortRows(rows, columns, { columnId: 'other', desc: false })).toEqual(rows);
  });
});

describe('nextSort', () => {
  it('starts ascending and flips on the same column', () => {
    expect(nextSort(null, 'a')).toEqual({ columnId: 'a', desc: false });
    expect(nextSort({ columnId: 'a', desc: false }, 'a')).toEqual({ columnId: 'a', desc: true });
    expect(nextSort({ columnId: 'a', desc: true }, 'a')).toEqual({ columnId: 'a', desc: false });
    expect(nextSort({ columnId: 'a', desc: true }, 'b')).toEqual({ columnId: 'b', desc: false });
  });
});
