import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  emptyTableText,
  formatPrice,
  MSG,
  PAGE_SIZE_OPTIONS,
  parseOrdering,
  REMITTANCE_MESSAGES,
  type RemittancePayment,
  type RevertRow,
} from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { SearchBox } from '@/components/server-table/SearchBox.tsx';
import { useServerList } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { refusalText } from '@/lib/format.ts';
import { useDeletePayment } from '../api/delete-payment.ts';
import { getChecks } from '../api/get-checks.ts';
import { remittanceKeys } from '../api/keys.ts';
import { REMITTANCE_ROW_HEIGHT, RevertRowView } from './RevertRowView.tsx';

// Spec 2.9: the breadcrumb reads Home > Remittance.
const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Remittance' }];

const HEADERS: { field: string; label: string; align?: 'right' }[] = [
  { field: 'check_number', label: 'Check Number' },
  { field: 'check_date', label: 'Check Date' },
  { field: 'total_amount_check', label: 'Total Amount per Check', align: 'right' },
  { field: 'vendor', label: 'Vendor' },
  { field: 'total_amount_remmited', label: 'Total Amount Remitted', align: 'right' },
];

/** /remittance_revert/: checks with their payments; Unremit deletes one payment. */
export function RemittanceRevert() {
  const notify = useNotify();
  const list = useServerList<RevertRow>({
    queryKey: remittanceKeys.checks(),
    fetcher: getChecks,
    ordering: '-check_date',
  });
  const remove = useDeletePayment();
  const [pending, setPending] = useState<RemittancePayment | null>(null);
  const sorted = parseOrdering(list.ordering);

  const unremit = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(REMITTANCE_MESSAGES.unremitted);
    } catch (err) {
      // A payment an 835 posted goes back with its remittance file: the server says so.
      notify.error(refusalText(err, MSG.requestFailed));
    } finally {
      setPending(null);
    }
  };

  let body: ReactNode;
  if (list.isLoading) {
    body = (
      <TableRow>
        <TableCell colSpan={6} align="center" sx={{ py: 5 }}>
          <CircularProgress size={28} aria-label="Loading" />
        </TableCell>
      </TableRow>
    );
  } else if (list.rows.length === 0) {
    body = (
      <TableRow sx={{ height: REMITTANCE_ROW_HEIGHT }}>
        <TableCell colSpan={6} align="center" sx={{ py: 5 }}>
          <Typography color={list.isError ? 'error' : 'text.secondary'} sx={{ fontWeight: 500 }}>
            {list.isError ? MSG.requestFailed : emptyTableText('REMITTANCES')}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = list.rows.map((row) => <RevertRowView key={row.id} row={row} onUnremit={setPending} />);
  }

  return (
    <>
      <PageHeader title="Remittance Revert" breadcrumbs={breadcrumbs} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <SearchBox
            label="Search check, vendor or patient"
            value={list.searchInput}
            onChange={list.setSearchInput}
            onClear={list.clearSearch}
          />
        </Box>
        <Box sx={{ height: 2 }}>
          {list.isFetching && !list.isLoading ? <LinearProgress sx={{ height: 2 }} /> : null}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Remittances" aria-busy={list.isFetching}>
            <TableHead>
              <TableRow>
                {HEADERS.map((h) => {
                  const active = sorted?.field === h.field;
                  const direction = active && sorted?.desc ? 'desc' : 'asc';
                  return (
                    <TableCell key={h.field} align={h.align} sortDirection={active ? direction : false}>
                      <TableSortLabel active={active} direction={direction} onClick={() => list.toggleSort(h.field)}>
                        {h.label}
                      </TableSortLabel>
                    </TableCell>
                  );
                })}
                <TableCell align="right">Actions</TableCell>
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
      <ConfirmDialog
        open={pending !== null}
        title="Are you sure you want to unremit this payment?"
        message={
          pending
            ? `$${formatPrice(pending.amount_applied)} applied to invoice ${pending.invoice} of ${pending.patient} will be restored to its outstanding balance.`
            : undefined
        }
        confirmLabel="Unremit"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void unremit()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
