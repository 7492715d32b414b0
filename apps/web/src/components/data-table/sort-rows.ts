import type { Column } from '../server-table/ServerTable.tsx';

/** The column a client-side table is sorted by. */
export interface TableSort {
  columnId: string;
  desc: boolean;
}

/** A header click: ascending first, descending on the second click of the same column. */
export function nextSort(current: TableSort | null, columnId: string): TableSort {
  return current?.columnId === columnId ? { columnId, desc: !current.desc } : { columnId, desc: false };
}

type SortValue = string | number | null | undefined;

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

const isBlank = (value: SortValue) => value === null || value === undefined || value === '';

/**
 * The rows in the column's order. Blank values go last in either direction; equal values keep
 * the order the screen gave (Array.prototype.sort is stable).
 */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: TableSort | null): T[] {
  const valueOf = sort ? columns.find((column) => column.id === sort.columnId)?.sortValue : undefined;
  if (!sort || !valueOf) return [...rows];
  const sign = sort.desc ? -1 : 1;
  return rows
    .map((row) => ({ row, value: valueOf(row) }))
    .sort((a, b) => {
      const blankA = isBlank(a.value);
      const blankB = isBlank(b.value);
      if (blankA || blankB) return Number(blankA) - Number(blankB);
      return sign * compareValues(a.value, b.value);
    })
    .map(({ row }) => row);
}
