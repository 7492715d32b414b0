import { useCallback, useMemo, useState } from 'react';
import { canSendClaims } from '@dme/shared';
import { useSession } from '@/lib/auth.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CLAIM_MESSAGES, MSG, type ClaimBatchCreated, type ClaimRow } from '@dme/shared';
import { ClaimStatusChip } from '@/components/ClaimStatusChip.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useCreateBatch } from './api/create-batch.ts';
import { getClaims, type ClaimListFilters } from './api/get-claims.ts';
import { claimsKeys } from './api/keys.ts';
import { AcknowledgementDialog } from './AcknowledgementDialog.tsx';
import { BatchCreatedAlert } from './BatchCreatedAlert.tsx';
import { ClaimsTabs } from './ClaimsTabs.tsx';
import { formatTimestamp, messageOf, money, patientName } from './format.ts';
import { SelectAll } from './SelectAll.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { selectColumn } from './select-column.tsx';
import { useSelection } from './use-selection.ts';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Claims' }];

/** Only a claim not yet sent goes in a new batch. */
const isBatchable = (row: ClaimRow) => row.status === 'created';

/** /claims: every claim, searched, filtered by status and paged on the server; created ones are put in a batch. */
export function ClaimList() {
  const navigate = useNavigate();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const filters = useMemo<ClaimListFilters>(() => ({ status: '' }), []);
  const list = useServerList<ClaimRow, ClaimListFilters>({
    queryKey: claimsKeys.list(),
    fetcher: getClaims,
    filters,
    ordering: '-created',
    onLoadError,
  });
  const selection = useSelection();
  const createBatch = useCreateBatch();
  const [batch, setBatch] = useState<ClaimBatchCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = useSubmit({
    submit: createBatch.mutateAsync,
    successMessage: (created) => CLAIM_MESSAGES.batchCreated(created.claims.length),
    onInvalid: (body) => setFailure(messageOf(body) ?? MSG.requestFailed),
    onSuccess: (created) => {
      setBatch(created);
      selection.clear();
    },
  });

  const makeBatch = () => {
    setFailure(null);
    setBatch(null);
    void submit({ claim_ids: [...selection.ids] });
  };

  // Office staff see the list; batches and acknowledgements are billing work (canSendClaims).
  const sender = canSendClaims(useSession().role_id);
  const allColumns: Column<ClaimRow>[] = [
    selectColumn(selection, {
      id: (row) => row.id,
      selectable: isBatchable,
      label: (row) => `Select claim ${row.claim_number}`,
    }),
    {
      id: 'claim_number',
      header: 'Claim number',
      sortField: 'claim_number',
      render: (row) => <RowLink to={paths.claims.detail.url(row.id)}>{row.claim_number}</RowLink>,
    },
    {
      id: 'invoice',
      header: 'Invoice',
      render: (row) => (
        <Link component={RouterLink} to={paths.invoices.edit.url(row.invoice_id)} underline="hover">
          {row.invoice_id}
        </Link>
      ),
    },
    { id: 'patient', header: 'Patient', sortField: 'patient', render: (row) => patientName(row.patient) },
    { id: 'payer', header: 'Payer', render: (row) => row.payer.name },
    { id: 'amount', header: 'Amount', sortField: 'amount', align: 'right', render: (row) => money(row.amount) },
    { id: 'status', header: 'Status', sortField: 'status', render: (row) => <ClaimStatusChip status={row.status} /> },
    {
      id: 'created',
      header: 'Created',
      sortField: 'created',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => formatTimestamp(row.created),
    },
    { id: 'batch', header: 'Batch', render: (row) => row.batch_id ?? '-' },
  ];

  const columns = sender ? allColumns : allColumns.filter((c) => c.id !== 'select');
  const count = selection.ids.size;
  return (
    <>
      <PageHeader
        title="Claims"
        breadcrumbs={breadcrumbs}
        actions={
          sender && (
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Upload acknowledgement
            </Button>
          )
        }
      />
      <ClaimsTabs current={paths.claims.list} />
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      {batch ? <BatchCreatedAlert batch={batch} onClose={() => setBatch(null)} /> : null}
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="CLAIMS"
        label="Claims"
        filters={
          <>
            <StatusFilter value={list.filters.status} onChange={(status) => list.setFilter('status', status)} />
            {sender && (
              <SelectAll
                selection={selection}
                ids={list.rows.filter(isBatchable).map((row) => row.id)}
                label="All created on this page"
              />
            )}
          </>
        }
        actions={
          sender && (
            <Button
              variant="contained"
              disabled={count === 0 || createBatch.isPending}
              onClick={makeBatch}
              startIcon={createBatch.isPending ? <CircularProgress size={16} color="inherit" /> : <InventoryIcon />}
            >
              {count > 0 ? `Create batch (${count})` : 'Create batch'}
            </Button>
          )
        }
      />
      {uploading ? <AcknowledgementDialog onClose={() => setUploading(false)} /> : null}
    </>
  );
}
