import { useCallback, useState } from 'react';
import { canSendClaims } from '@dme/shared';
import { useSession } from '@/lib/auth.ts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import SendIcon from '@mui/icons-material/PostAddOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CLAIM_MESSAGES, formatDisplayDate, MSG, type ClaimCreateResult, type ReadyClaimRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useCreateClaims } from './api/create-claims.ts';
import { getReadyClaims } from './api/get-ready-claims.ts';
import { claimsKeys } from './api/keys.ts';
import { ClaimsTabs } from './ClaimsTabs.tsx';
import { messageOf, money, patientName, priorityLabel } from './format.ts';
import { ReadyStatus } from './ReadyStatus.tsx';
import { SelectAll } from './SelectAll.tsx';
import { selectColumn } from './select-column.tsx';
import { useSelection } from './use-selection.ts';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Claims', to: paths.claims.list },
  { label: 'Ready to Bill' },
];

const isReady = (row: ReadyClaimRow) => row.problems.length === 0;

/** /claims/ready: invoices without a claim in force; the ready ones are chosen and billed. */
export function ReadyToBill() {
  const navigate = useNavigate();
  const notify = useNotify();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const list = useServerList<ReadyClaimRow>({ queryKey: claimsKeys.ready(), fetcher: getReadyClaims, onLoadError });
  const selection = useSelection();
  const create = useCreateClaims();
  const [refused, setRefused] = useState<ClaimCreateResult['refused']>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = useSubmit({
    submit: create.mutateAsync,
    onInvalid: (body) => setFailure(messageOf(body) ?? MSG.requestFailed),
    onSuccess: (result) => {
      const made = result.created.length;
      if (made > 0) notify.success(CLAIM_MESSAGES.claimsCreated(made));
      else notify.warning(CLAIM_MESSAGES.claimsCreated(0));
      setRefused(result.refused);
      selection.clear();
    },
  });

  const createClaims = () => {
    setRefused([]);
    setFailure(null);
    void submit({ invoice_ids: [...selection.ids] });
  };

  // Office staff see the list; creating claims is billing work (canSendClaims).
  const sender = canSendClaims(useSession().role_id);
  const allColumns: Column<ReadyClaimRow>[] = [
    selectColumn(selection, {
      id: (row) => row.invoice_id,
      selectable: isReady,
      label: (row) => `Select invoice ${row.invoice_id}`,
    }),
    {
      id: 'invoice',
      header: 'Invoice',
      render: (row) => <RowLink to={paths.invoices.edit.url(row.invoice_id)}>{row.invoice_id}</RowLink>,
    },
    {
      id: 'patient',
      header: 'Patient',
      render: (row) => (
        <Link component={RouterLink} to={paths.patients.edit.url(row.patient.id)} underline="hover">
          {patientName(row.patient)}
        </Link>
      ),
    },
    { id: 'payer', header: 'Payer', render: (row) => row.payer?.name ?? '-' },
    { id: 'priority', header: 'Priority', render: (row) => priorityLabel(row.priority) },
    {
      id: 'dos',
      header: 'DOS',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => formatDisplayDate(row.service_date),
    },
    { id: 'amount', header: 'Amount', align: 'right', render: (row) => money(row.amount) },
    { id: 'status', header: 'Status', cellSx: { minWidth: 200 }, render: (row) => <ReadyStatus row={row} /> },
  ];

  const columns = sender ? allColumns : allColumns.filter((c) => c.id !== 'select');
  const count = selection.ids.size;
  return (
    <>
      <PageHeader title="Ready to Bill" breadcrumbs={breadcrumbs} />
      <ClaimsTabs current={paths.claims.ready} />
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert severity="warning" onClose={() => setRefused([])} sx={{ mb: 2 }} aria-label="Invoices not billed">
          <AlertTitle>
            {refused.length === 1 ? 'One invoice was not billed' : `${refused.length} invoices were not billed`}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {refused.map((item) => (
              <li key={item.invoice_id}>
                Invoice {item.invoice_id}: {item.problems.join('; ')}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(row) => row.invoice_id}
        emptyItems="INVOICES TO BILL"
        label="Ready to Bill"
        filters={
          sender && (
            <SelectAll
              selection={selection}
              ids={list.rows.filter(isReady).map((row) => row.invoice_id)}
              label="All ready on this page"
            />
          )
        }
        actions={
          sender && (
            <Button
              variant="contained"
              disabled={count === 0 || create.isPending}
              onClick={createClaims}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            >
              {count > 0 ? `Create claims (${count})` : 'Create claims'}
            </Button>
          )
        }
      />
    </>
  );
}
