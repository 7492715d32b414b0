import Box from '@mui/material/Box';
import { ServerTable, type ServerTableProps } from './ServerTable.tsx';

/**
 * ServerTable with denser cells, for lists of many columns (the work queues):
 * headers may wrap and cells keep less padding, so the whole row stays in view at 1440 px.
 */
export function DenseServerTable<T>(props: ServerTableProps<T>) {
  return (
    <Box
      sx={{
        '& .MuiTableCell-root': { px: 1 },
        '& .MuiTableCell-root:first-of-type': { pl: 2 },
        '& .MuiTableCell-root:last-of-type': { pr: 2 },
        '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3, verticalAlign: 'bottom' },
      }}
    >
      <ServerTable {...props} />
    </Box>
  );
}
