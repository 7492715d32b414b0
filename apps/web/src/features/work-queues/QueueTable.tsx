import Box from '@mui/material/Box';
import { ServerTable, type ServerTableProps } from '@/components/server-table/index.ts';

/**
 * ServerTable with the work queues' denser cells: these lists carry up to eleven columns, so
 * headers may wrap and cells keep less padding, and the whole row stays in view at 1440 px.
 */
export function QueueTable<T>(props: ServerTableProps<T>) {
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
