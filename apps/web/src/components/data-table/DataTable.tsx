import { Fragment, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
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
import { emptyTableText } from '@dme/shared';
import { SearchBox } from '../server-table/SearchBox.tsx';
import type { Column } from '../server-table/ServerTable.tsx';
import { nextSort, sortRows, type TableSort } from './sort-rows.ts';
import { bodyCellSx, headCellSx } from '../server-table/column-sx.ts';

export interface DataTableSearch<T> {
  /** The screen's rule: does this row match the typed text (never called with an empty text)? */
  matches: (row: T, text: string) => boolean;
  label?: string;
}

export interface DataTableProps<T extends { id: string | number }> {
  /** Every row; undefined while loading. Rows are keyed by their id. */
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  /** Plural noun for the empty state: "THERE AREN'T {items}". */
  emptyItems: string;
  /** Replaces the empty state text (e.g. a form's "add at least one" message); a string is styled as the default. */
  emptyText?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  loading?: boolean;
  /** Sort of the first render (uncontrolled). */
  defaultSort?: TableSort;
  /** Controlled sort: the screen keeps it (null shows the rows as given, no header active). */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  /** Client-side paging with these page sizes; no paging when absent. */
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  /** A search box in the toolbar that keeps the rows the screen's predicate matches. */
  search?: DataTableSearch<T>;
  /** Extra filter controls next to the search box. */
  filters?: ReactNode;
  /** Buttons on the right of the toolbar. */
  actions?: ReactNode;
  /** An outlined paper around the table (lists); false for tables inside a tab or a form. */
  framed?: boolean;
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  /** Height in px of the row that stands in for the rows while loading or empty. */
  placeholderHeight?: number;
  /**
   * Height in px of each row. With paging, a short last page is filled to the height of a full
   * one, so the pager stays where it was (MUI's table pattern).
   */
  rowHeight?: number;
  /** A full-width row under each row (an expanded detail); nothing is rendered for null. */
  renderDetail?: (row: T) => ReactNode;
  detailSx?: (row: T) => SxProps<Theme> | undefined;
  /** Rows after the data rows (totals), shown when there is at least one row. */
  footer?: ReactNode;
  containerSx?: SxProps<Theme>;
}

/**
 * A table for lists the screen already holds (a user list, an order's services): sorting,
 * optional search and paging happen in the browser. Shares its column type with ServerTable, whose
 * lists the server pages.
 */
export function DataTable<T extends { id: string | number }>({
  rows,
  columns,
  emptyItems,
  emptyText,
  label,
  loading = false,
  defaultSort,
  sort: controlledSort,
  onSortChange,
  pageSizeOptions,
  defaultPageSize,
  search,
  filters,
  actions,
  framed = true,
  rowSx,
  placeholderHeight,
  rowHeight,
  renderDetail,
  detailSx,
  footer,
  containerSx,
}: DataTableProps<T>) {
  const [ownSort, setOwnSort] = useState<TableSort | null>(defaultSort ?? null);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize ?? pageSizeOptions?.[0] ?? 25);
  const sort = controlledSort === undefined ? ownSort : controlledSort;
  const matches = search?.matches;

  const shown = useMemo(() => {
    const text = searchText.trim();
    const found = text && matches ? (rows ?? []).filter((row) => matches(row, text)) : (rows ?? []);
    return sortRows(found, columns, sort);
  }, [rows, columns, sort, searchText, matches]);

  const paged = Boolean(pageSizeOptions);
  // A page emptied by a search or a deletion shows the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const visible = paged ? shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize) : shown;
  const fillerRows = paged && rowHeight && currentPage > 0 ? pageSize - visible.length : 0;

  const changeSort = (columnId: string) => {
    const next = nextSort(sort, columnId);
    if (controlledSort === undefined) setOwnSort(next);
    onSortChange?.(next);
    setPage(0);
  };
  const changeSearch = (text: string) => {
    setSearchText(text);
    setPage(0);
  };

  const placeholder = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns.length} align="center" sx={{ py: 5, height: placeholderHeight }}>
        {content}
      </TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (loading || rows === undefined) {
    body = placeholder(<CircularProgress size={28} aria-label="Loading" />);
  } else if (visible.length === 0) {
    body = placeholder(
      emptyText === undefined || typeof emptyText === 'string' ? (
        <Typography color="text.secondary" sx={{ fontWeight: 500, letterSpacing: 0.3 }}>
          {emptyText ?? emptyTableText(emptyItems)}
        </Typography>
      ) : (
        emptyText
      ),
    );
  } else {
    body = (
      <>
        {visible.map((row) => {
          const detail = renderDetail?.(row);
          return (
            <Fragment key={row.id}>
              <TableRow hover sx={[{ height: rowHeight }, ...sxList(rowSx?.(row))]}>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={bodyCellSx(column)}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
              {detail !== undefined && detail !== null ? (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={detailSx?.(row)}>
                    {detail}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
        {fillerRows > 0 ? (
          <TableRow aria-hidden sx={{ height: rowHeight! * fillerRows }}>
            <TableCell colSpan={columns.length} />
          </TableRow>
        ) : null}
        {footer}
      </>
    );
  }

  const showToolbar = Boolean(search || filters || actions);
  const table = (
    <>
      {showToolbar ? (
        <Box sx={{ p: framed ? 2 : 0, pb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {search ? (
            <SearchBox
              label={search.label}
              value={searchText}
              onChange={changeSearch}
              onClear={() => changeSearch('')}
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
      <TableContainer sx={containerSx}>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = Boolean(column.sortValue) && sort?.columnId === column.id;
                const direction = active && sort?.desc ? 'desc' : 'asc';
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={headCellSx(column)}
                    sortDirection={active ? direction : false}
                  >
                    {column.sortValue ? (
                      <TableSortLabel active={active} direction={direction} onClick={() => changeSort(column.id)}>
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
      {paged ? (
        <TablePagination
          component="div"
          count={shown.length}
          page={currentPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...(pageSizeOptions ?? [])]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
    </>
  );

  return framed ? (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {table}
    </Paper>
  ) : (
    <Box>{table}</Box>
  );
}

/** An sx value as a list, to put one in front of it. */
function sxList(sx: SxProps<Theme> | undefined) {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? sx : [sx];
}
