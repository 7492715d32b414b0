import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { emptyTableText, MSG, PAGE_SIZE_OPTIONS, parseOrdering } from '@dme/shared';
import { SearchBox } from './SearchBox.tsx';
import type { ServerListView } from './use-server-list.ts';
import { bodyCellSx, headCellSx } from './column-sx.ts';

export interface Column<T> {
  id: string;
  header: string;
  /** The server's ordering field; the header becomes a sort button when set (ServerTable). */
  sortField?: string;
  /** The value a client-side table sorts this column by; the header becomes a sort button when set (DataTable). */
  sortValue?: (row: T) => string | number | null | undefined;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Style of the column's body cells (emphasis, no wrapping, a minimum width). */
  cellSx?: SxProps<Theme>;
  /** Kept in view at the right edge when the table scrolls sideways (default: the `actions` column). */
  pinned?: boolean;
  /**
   * A pinned column's distance from the right edge, in px: the total width of the pinned columns
   * after it (give those a numeric `width`). Default 0.
   */
  pinnedRight?: number;
}

export interface ServerTableProps<T> {
  list: ServerListView<T>;
  columns: Column<T>[];
  getRowId: (row: T) => string | number;
  /** Plural noun for the empty state: "THERE AREN'T {items}". */
  emptyItems: string;
  searchLabel?: string;
  hideSearch?: boolean;
  /** Extra filter controls shown next to the search box. */
  filters?: ReactNode;
  /** Buttons on the right of the toolbar. */
  actions?: ReactNode;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  /** Accessible name of the table. */
  label?: string;
}

export function ServerTable<T>({
  list,
  columns,
  getRowId,
  emptyItems,
  searchLabel = 'Search',
  hideSearch = false,
  filters,
  actions,
  rowSx,
  label,
}: ServerTableProps<T>) {
  const sorted = parseOrdering(list.ordering);
  const showToolbar = !hideSearch || filters || actions;

  let body: ReactNode;
  if (list.isLoading) {
    body = (
      <TableRow>
        <TableCell colSpan={columns.length} align="center" sx={{ py: 5 }}>
          <CircularProgress size={28} aria-label="Loading" />
        </TableCell>
      </TableRow>
    );
  } else if (list.rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columns.length} align="center" sx={{ py: 5 }}>
          <Typography color={list.isError ? 'error' : 'text.secondary'} sx={{ fontWeight: 500, letterSpacing: 0.3 }}>
            {list.isError ? MSG.requestFailed : emptyTableText(emptyItems)}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = list.rows.map((row) => (
      <TableRow key={getRowId(row)} hover sx={rowSx?.(row)}>
        {columns.map((column) => (
          <TableCell key={column.id} align={column.align} sx={bodyCellSx(column)}>
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {showToolbar ? (
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {!hideSearch ? (
            <SearchBox
              label={searchLabel}
              value={list.searchInput}
              onChange={list.setSearchInput}
              onClear={list.clearSearch}
            />
          ) : null}
          {filters}
          {actions ? (
            <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
              {actions}
            </Stack>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ height: 2 }}>{list.isFetching && !list.isLoading ? <LinearProgress sx={{ height: 2 }} /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={list.isFetching}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = Boolean(column.sortField) && sorted?.field === column.sortField;
                const direction = active && sorted?.desc ? 'desc' : 'asc';
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={headCellSx(column)}
                    sortDirection={active ? direction : false}
                  >
                    {column.sortField ? (
                      <TableSortLabel
                        active={active}
                        direction={direction}
                        onClick={() => list.toggleSort(column.sortField as string)}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.count}
        page={list.count === 0 ? 0 : list.page - 1}
        rowsPerPage={list.pageSize}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        onPageChange={(_event, page) => list.setPage(page + 1)}
        onRowsPerPageChange={(event) => list.setPageSize(Number(event.target.value))}
      />
    </Paper>
  );
}
