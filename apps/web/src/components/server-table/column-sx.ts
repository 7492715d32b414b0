import type { SxProps, Theme } from '@mui/material/styles';
import type { Column } from './ServerTable.tsx';

/**
 * The actions column (id `actions`, or any column marked `pinned`) stays pinned to the right edge when a narrow window scrolls
 * a wide table sideways, so a row's buttons are always in reach. Its cells get an opaque
 * background (the row's hover tint laid over it) and a divider line on their left.
 */
const pinned = {
  position: 'sticky',
  right: 0,
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

const pinnedBody = {
  ...pinned,
  zIndex: 1,
  bgcolor: 'background.paper',
  'tr:hover > &': {
    backgroundImage: (theme: Theme) => `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
};

type PinnedColumn = Pick<Column<unknown>, 'id' | 'pinned' | 'pinnedRight' | 'width'>;

const isPinned = (column: Pick<Column<unknown>, 'id' | 'pinned'>) => column.pinned ?? column.id === 'actions';

/**
 * Where a pinned column sits: its offset from the right edge and, when several are pinned side by
 * side, a fixed width (the offsets of those before it add the widths of those after).
 */
const placeOf = (column: PinnedColumn) => ({
  right: column.pinnedRight ?? 0,
  ...(typeof column.width === 'number' ? { minWidth: column.width, maxWidth: column.width } : {}),
});

/** Style of a column's header cell: its width, pinned when it is the actions column. */
export function headCellSx(column: PinnedColumn): SxProps<Theme> {
  return isPinned(column) ? { width: column.width, ...pinned, ...placeOf(column), zIndex: 2 } : { width: column.width };
}

/** Style of a column's body cells: the column's own, pinned when it is the actions column. */
export function bodyCellSx(column: PinnedColumn & Pick<Column<unknown>, 'cellSx'>): SxProps<Theme> | undefined {
  if (!isPinned(column)) return column.cellSx;
  const body = { ...pinnedBody, ...placeOf(column) };
  const own = column.cellSx;
  if (own === undefined) return body;
  if (Array.isArray(own)) return [body, ...(own as readonly object[])];
  return [body, own as Exclude<SxProps<Theme>, readonly unknown[]>];
}
