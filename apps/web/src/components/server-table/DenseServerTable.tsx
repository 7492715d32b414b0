import Box from '@mui/material/Box';
import { ServerTable, type ServerTableProps } from './ServerTable.tsx';

/**
 * Cells of a table of many columns: headers may wrap, cells keep less padding, and below the
 * desktop breakpoint (the navigation folds away, about 1,000 px left) the text is a size smaller,
 * so the whole row stays in view at 1440 px and as much of it as fits at 1024 px.
 */
export const denseCellsSx = (padding: number) =>
  ({
    '& .MuiTableCell-root': { px: { xs: 0.5, lg: padding }, fontSize: { xs: '0.8125rem', lg: '0.875rem' } },
    '& .MuiTableCell-root:first-of-type': { pl: { xs: 1.5, lg: 2 } },
    '& .MuiTableCell-root:last-of-type': { pr: { xs: 1.5, lg: 2 } },
    '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3, verticalAlign: 'bottom' },
  }) as const;

/** ServerTable with denser cells, for lists of many columns (the work queues). */
export function DenseServerTable<T>(props: ServerTableProps<T>) {
  return (
    <Box sx={denseCellsSx(1)}>
      <ServerTable {...props} />
    </Box>
  );
}
