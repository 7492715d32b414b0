import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { DataTable, type Column, type DataTableProps } from './index.ts';

interface Row {
  id: number;
  name: string;
  price: number | null;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortValue: (row) => row.name, render: (row) => row.name },
  { id: 'price', header: 'Price', sortValue: (row) => row.price, render: (row) => row.price ?? '-', align: 'right' },
  { id: 'actions', header: 'Actions', render: (row) => <button type="button">Edit {row.name}</button> },
];

const rows: Row[] = [
  { id: 1, name: 'Cane', price: 20 },
  { id: 2, name: 'bed', price: 1500 },
  { id: 3, name: 'Walker', price: null },
  { id: 4, name: 'Apron', price: 3 },
];

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  return render(
    <Providers client={testQueryClient()}>
      <DataTable rows={rows} columns={columns} emptyItems="ROWS" label="Rows" {...props} />
    </Providers>,
  );
}

/** The first cell of every body row, top to bottom. */
function names(): string[] {
  const table = screen.getByRole('table', { name: 'Rows' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('DataTable', () => {
  it('shows the rows in the order given until a header is clicked', () => {
    renderTable();
    expect(names()).toEqual(['Cane', 'bed', 'Walker', 'Apron']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull();
    // A column without a sort value is plain text.
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
  });

  it('sorts ascending on the first click and descending on the second, ignoring case', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await user.click(within(header).getByRole('button'));
    expect(names()).toEqual(['Apron', 'bed', 'Cane', 'Walker']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header).getByRole('button'));
    expect(names()).toEqual(['Walker', 'Cane', 'bed', 'Apron']);
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts numbers as numbers and keeps blank values last in both directions', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable({ defaultSort: { columnId: 'price', desc: false } });
    expect(names()).toEqual(['Apron', 'Cane', 'bed', 'Walker']);
    await user.click(within(screen.getByRole('columnheader', { name: 'Price' })).getByRole('button'));
    expect(names()).toEqual(['bed', 'Cane', 'Apron', 'Walker']);
  });

  it('follows a controlled sort and reports header clicks', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: unknown[] = [];
    const { rerender } = renderTable({ sort: null, onSortChange: (sort) => changes.push(sort) });
    await user.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button'));
    expect(changes).toEqual([{ columnId: 'name', desc: false }]);
    // Nothing moves until the screen passes the new sort.
    expect(names()).toEqual(['Cane', 'bed', 'Walker', 'Apron']);
    rerender(
      <Providers client={testQueryClient()}>
        <DataTable
          rows={rows}
          columns={columns}
          emptyItems="ROWS"
          label="Rows"
          sort={{ columnId: 'name', desc: true }}
        />
      </Providers>,
    );
    expect(names()).toEqual(['Walker', 'Cane', 'bed', 'Apron']);
  });

  it("keeps the rows the screen's search rule matches, and shows the empty state when none does", async () => {
    const user = userEvent.setup({ delay: null });
    renderTable({ search: { matches: (row, text) => row.name.toLowerCase().includes(text.toLowerCase()) } });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'a');
    expect(names()).toEqual(['Cane', 'Walker', 'Apron']);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(screen.getByText("THERE AREN'T ROWS")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(names()).toHaveLength(4);
  });

  it('pages on the client with the given sizes, back to page 1 on a new size', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, price: i }));
    renderTable({ rows: many, pageSizeOptions: [5, 10, 25], defaultPageSize: 10 });
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(names()).toEqual(['Row 21', 'Row 22', 'Row 23']);
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    expect(screen.getByText('1–5 of 23')).toBeTruthy();
    expect(names()).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4', 'Row 5']);
  });

  it('gives rows their height and fills a short last page to a full one', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 13 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, price: i }));
    renderTable({ rows: many, pageSizeOptions: [10], defaultPageSize: 10, rowHeight: 49 });
    const table = screen.getByRole('table', { name: 'Rows' });
    const bodyRows = () => within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(bodyRows()).toHaveLength(10);
    for (const row of bodyRows()) expect(getComputedStyle(row).height).toBe('49px');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    // The filler row has no text (hidden from assistive technology; this suite's queries see it).
    expect(names()).toEqual(['Row 11', 'Row 12', 'Row 13', '']);
    const filler = bodyRows().at(-1)!;
    expect(filler.getAttribute('aria-hidden')).toBe('true');
    expect(getComputedStyle(filler).height).toBe(`${49 * 7}px`);
  });

  it('shows a spinner while loading and the empty state text without rows', () => {
    const { unmount } = renderTable({ rows: undefined });
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    unmount();
    renderTable({ rows: [], placeholderHeight: 120 });
    const cell = screen.getByText("THERE AREN'T ROWS").closest('td');
    expect(cell && getComputedStyle(cell).height).toBe('120px');
  });

  it('draws a detail row under a row when the screen gives one, and footer rows after the data', () => {
    renderTable({
      renderDetail: (row) => (row.id === 2 ? <span>Details of {row.name}</span> : null),
      footer: (
        <tr>
          <td>Total</td>
        </tr>
      ),
    });
    expect(screen.getByText('Details of bed')).toBeTruthy();
    expect(screen.queryByText('Details of Cane')).toBeNull();
    expect(names()).toEqual(['Cane', 'bed', 'Details of bed', 'Walker', 'Apron', 'Total']);
  });
});
