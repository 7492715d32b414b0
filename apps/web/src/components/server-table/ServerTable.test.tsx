import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@dme/shared';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { ServerTable, useServerList, type Column, type ListRequest } from './index.ts';

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { id: 'id', header: 'Number', render: (row) => row.id },
];

type Fetcher = (request: ListRequest & { status: string }) => Promise<Page<Row>>;

function List({ fetcher, delay = 200 }: { fetcher: Fetcher; delay?: number }) {
  const list = useServerList<Row, { status: string }>({
    queryKey: ['rows'],
    fetcher: (request) => fetcher(request),
    filters: { status: 'Active' },
    searchDelay: delay,
  });
  return (
    <ServerTable
      list={list}
      columns={columns}
      getRowId={(row) => row.id}
      emptyItems="ROWS"
      label="Rows"
      filters={
        <button type="button" onClick={() => list.setFilter('status', 'Inactive')}>
          Inactive only
        </button>
      }
    />
  );
}

/** A server of 60 rows answering the request's page, size and search. */
function pagedFetcher() {
  return vi.fn<Fetcher>(async (request) => {
    const all = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
    const found = all.filter((row) => row.name.includes(request.search));
    const start = (request.page - 1) * request.page_size;
    return {
      results: found.slice(start, start + request.page_size),
      count: found.length,
      page_size: request.page_size,
      current: request.page,
    };
  });
}

function renderList(fetcher: Fetcher, delay?: number) {
  return render(
    <Providers client={testQueryClient()}>
      <List fetcher={fetcher} delay={delay} />
    </Providers>,
  );
}

describe('ServerTable', () => {
  it('asks for page 1 with the default page size of 25 and shows the rows', async () => {
    const fetcher = pagedFetcher();
    renderList(fetcher);
    await screen.findByText('Row 1');
    expect(fetcher).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, page_size: 25, search: '', status: 'Active' }),
    );
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
  });

  it('waits for the search delay, then searches from page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const fetcher = pagedFetcher();
    renderList(fetcher, 300);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
    const before = fetcher.mock.calls.length;

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Row 5');
    // Typing alone sends nothing: the request goes once the delay has passed.
    expect(fetcher.mock.calls.length).toBe(before);
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Row 5', page: 1 })),
    );
    expect(fetcher.mock.calls.filter(([request]) => request.search && request.search !== 'Row 5')).toHaveLength(0);

    await screen.findByText('1–11 of 11');

    // Clearing applies at once (the unfiltered first page is still cached).
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('1–25 of 60');
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('sorts ascending on the first click and descending on the second, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const fetcher = pagedFetcher();
    renderList(fetcher);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));

    const header = screen.getByRole('columnheader', { name: /name/i });
    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ ordering: 'name', page: 1 })),
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ ordering: '-name', page: 1 })),
    );
    expect(header.getAttribute('aria-sort')).toBe('descending');
    // A column without a sort field is plain text.
    expect(within(screen.getByRole('columnheader', { name: 'Number' })).queryByRole('button')).toBeNull();
  });

  it('resets to page 1 when a filter or the page size changes', async () => {
    const user = userEvent.setup({ delay: null });
    const fetcher = pagedFetcher();
    renderList(fetcher);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
    await user.click(screen.getByRole('button', { name: 'Inactive only' }));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'Inactive', page: 1 })),
    );

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ page_size: 10, page: 1 })));
  });

  it('shows the empty state text', async () => {
    renderList(async () => ({ results: [], count: 0, page_size: 25, current: 1 }));
    await screen.findByText("THERE AREN'T ROWS");
  });

  it('reports a failed first load once', async () => {
    const onLoadError = vi.fn();
    function Failing() {
      const list = useServerList<Row>({
        queryKey: ['failing'],
        fetcher: () => Promise.reject(new Error('boom')),
        onLoadError,
      });
      return <ServerTable list={list} columns={columns} getRowId={(row) => row.id} emptyItems="ROWS" />;
    }
    render(
      <Providers client={testQueryClient()}>
        <Failing />
      </Providers>,
    );
    await waitFor(() => expect(onLoadError).toHaveBeenCalledTimes(1));
  });
});
