import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CLAIM_MESSAGES, MSG, canSendClaims, type DenialRow } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { AdjustmentList } from '@/components/remittance-lines/index.ts';
import { DenseServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useNotify } from '@/lib/notify.ts';
import { getDenials, type DenialFilters } from './api/get-denials.ts';
import { erasKeys } from './api/keys.ts';
import { useResubmitDenial } from './api/resubmit-denial.ts';
import { useWriteOffDenial } from './api/write-off-denial.ts';
import { AppealDialog } from './AppealDialog.tsx';
import { DenialActions, type DenialAction } from './DenialActions.tsx';
import { DenialFilterBar } from './DenialFilterBar.tsx';
import { DenialStatusChip } from './DenialStatusChip.tsx';
import { itemColumns, whoColumns } from './remittance-columns.tsx';
import { money, patientName, refusalText } from './format.ts';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Denials' }];

const columns: Column<DenialRow>[] = [
  ...whoColumns<DenialRow>(),
  {
    id: 'claim',
    header: 'Claim',
    render: (row) =>
      row.claim_id === null ? (
        'None'
      ) : (
        <Link component={RouterLink} to={paths.claims.detail.url(row.claim_id)} underline="hover">
          {row.claim_number}
        </Link>
      ),
  },
  ...itemColumns<DenialRow>(),
  { id: 'amount', header: 'Amount', align: 'right', render: (row) => money(row.amount) },
  {
    id: 'reasons',
    header: 'Reasons',
    cellSx: { minWidth: 220 },
    render: (row) => <AdjustmentList adjustments={row.adjustments} remarks={row.remarks} />,
  },
  { id: 'age', header: 'Age (days)', align: 'right', render: (row) => row.age_days },
  { id: 'status', header: 'Status', render: (row) => <DenialStatusChip status={row.status} /> },
];

type Confirming = { action: 'resubmit' | 'write_off'; denial: DenialRow };

/** /denials: denied lines to work (resubmit, write off, appeal), filtered by payer, reason, age and status. */
export function DenialList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const filters = useMemo<DenialFilters>(() => ({ payer: '', reason: '', min_age: '', status: 'open' }), []);
  const list = useServerList<DenialRow, DenialFilters>({
    queryKey: erasKeys.denials(),
    fetcher: getDenials,
    filters,
    onLoadError,
  });
  const resubmit = useResubmitDenial();
  const writeOff = useWriteOffDenial();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [appealing, setAppealing] = useState<DenialRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = resubmit.isPending || writeOff.isPending;
  // Office staff see the queue; working a denial is billing work (canSendClaims).
  const sender = canSendClaims(useSession().role_id);

  const onAction = (action: DenialAction, denial: DenialRow) => {
    setFailure(null);
    if (action === 'appeal') setAppealing(denial);
    else setConfirming({ action, denial });
  };

  const confirm = async ({ action, denial }: Confirming) => {
    try {
      if (action === 'resubmit') {
        const made = await resubmit.mutateAsync(denial.id);
        notify.success(CLAIM_MESSAGES.replacementCreated(made.claim_number));
        void navigate(paths.claims.detail.url(made.id));
      } else {
        await writeOff.mutateAsync(denial.id);
        notify.success(`${money(denial.amount)} of claim ${denial.claim_number} written off`);
      }
    } catch (error) {
      setFailure(refusalText(error, MSG.requestFailed));
    } finally {
      setConfirming(null);
    }
  };

  const shownColumns: Column<DenialRow>[] = sender
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          align: 'right',
          render: (row) => <DenialActions denial={row} disabled={busy} onAction={onAction} />,
        },
      ]
    : columns;

  const denial = confirming?.denial;
  return (
    <>
      <PageHeader title="Denials" breadcrumbs={breadcrumbs} />
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <DenseServerTable
        list={list}
        columns={shownColumns}
        getRowId={(row) => row.id}
        emptyItems="DENIALS"
        label="Denials"
        hideSearch
        filters={<DenialFilterBar filters={list.filters} onChange={list.setFilters} />}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'write_off' ? 'Write off denial' : 'Resubmit claim'}
        message={
          !denial
            ? undefined
            : confirming?.action === 'write_off'
              ? `Write off ${money(denial.amount)} of ${denial.hcpcs || 'claim'} ${denial.claim_number} for ${patientName(denial.patient)}?`
              : `Make a replacement of claim ${denial.claim_number} for invoice ${denial.invoice_id}? It goes out in the next batch.`
        }
        confirmLabel={confirming?.action === 'write_off' ? 'Write off' : 'Resubmit'}
        busy={busy}
        onConfirm={() => confirming && void confirm(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {appealing ? <AppealDialog denial={appealing} onClose={() => setAppealing(null)} /> : null}
    </>
  );
}
