import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import {
  CLAIM_MESSAGES,
  CLAIM_STATUSES,
  MSG,
  canSendClaims,
  formatIcd10,
  type ClaimDetail as Claim,
  type ClaimEvent,
  type ClaimLine,
  type ClaimStatus,
} from '@dme/shared';
import { ClaimStatusChip } from '@/components/ClaimStatusChip.tsx';
import { DataTable } from '@/components/data-table/index.ts';
import { Fact } from '@/components/Fact.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { RemittanceLinesTable } from '@/components/remittance-lines/index.ts';
import type { Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useClaim } from './api/get-claim.ts';
import { useReplaceClaim } from './api/replace-claim.ts';
import {
  datesOfService,
  formatTimestamp,
  frequencyText,
  messageOf,
  money,
  patientName,
  priorityLabel,
} from './format.ts';

const isClaimStatus = (status: string): status is ClaimStatus => (CLAIM_STATUSES as readonly string[]).includes(status);

/** The claim's ICD-10 codes, numbered as the lines' pointers name them. */
function Diagnoses({ codes }: { codes: string[] }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      {codes.map((code, index) => (
        <span key={`${index} ${code}`}>
          {index + 1}. {formatIcd10(code)}
        </span>
      ))}
    </Box>
  );
}

const lineColumns: Column<ClaimLine & { id: number }>[] = [
  { id: 'line', header: 'Line', align: 'right', width: 56, render: (l) => l.line_number },
  { id: 'hcpcs', header: 'HCPCS', render: (l) => l.hcpcs_code },
  { id: 'modifiers', header: 'Modifiers', render: (l) => l.modifiers.join(', ') || '-' },
  { id: 'description', header: 'Description', cellSx: { minWidth: 160 }, render: (l) => l.description },
  { id: 'units', header: 'Units', align: 'right', render: (l) => l.units },
  { id: 'charge', header: 'Charge', align: 'right', render: (l) => money(l.charge) },
  {
    id: 'dates',
    header: 'Dates of service',
    cellSx: { whiteSpace: 'nowrap' },
    render: (l) => datesOfService(l.date_from, l.date_to),
  },
  { id: 'pointers', header: 'Diagnosis pointers', render: (l) => l.diagnosis_pointers.join(', ') || '-' },
];

const historyColumns: Column<ClaimEvent & { id: number }>[] = [
  {
    id: 'status',
    header: 'Status',
    render: (e) => (isClaimStatus(e.status) ? <ClaimStatusChip status={e.status} /> : e.status),
  },
  { id: 'reason', header: 'Reason', cellSx: { minWidth: 200 }, render: (e) => e.reason || '-' },
  { id: 'user', header: 'By', render: (e) => e.user ?? 'System' },
  { id: 'created', header: 'When', cellSx: { whiteSpace: 'nowrap' }, render: (e) => formatTimestamp(e.created) },
];

/** Statuses a payer answered with: such a claim may be corrected by a replacement. */
const REPLACEABLE: ClaimStatus[] = ['accepted', 'paid', 'partially_paid', 'denied'];

/** "Replace claim": a corrected claim (frequency 7) for the same invoice, then its detail. */
function ReplaceButton({ claim }: { claim: Claim }) {
  const navigate = useNavigate();
  const replace = useReplaceClaim();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmit({
    submit: replace.mutateAsync,
    onInvalid: (body) => setFailure(messageOf(body) ?? MSG.requestFailed),
    successMessage: (made) => CLAIM_MESSAGES.replacementCreated(made.claim_number),
    onSuccess: (made) => void navigate(paths.claims.detail.url(made.id)),
  });
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        sx={{ ml: 'auto' }}
        disabled={replace.isPending}
        onClick={() => {
          setFailure(null);
          void submit(claim.id);
        }}
      >
        Replace claim
      </Button>
      {failure ? (
        <Alert severity="error" sx={{ width: '100%' }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
    </>
  );
}

function ClaimView({ claim }: { claim: Claim }) {
  const linesId = useId();
  const historyId = useId();
  const sender = canSendClaims(useSession().role_id);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            Claim {claim.claim_number}
          </Typography>
          <ClaimStatusChip status={claim.status} />
          {sender && REPLACEABLE.includes(claim.status) ? <ReplaceButton claim={claim} /> : null}
        </Stack>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          <Fact label="Invoice">
            <Link component={RouterLink} to={paths.invoices.edit.url(claim.invoice_id)} underline="hover">
              {claim.invoice_id}
            </Link>
          </Fact>
          <Fact label="Patient">
            <Link component={RouterLink} to={paths.patients.edit.url(claim.patient.id)} underline="hover">
              {patientName(claim.patient)}
            </Link>
          </Fact>
          <Fact label="Payer">{claim.payer.name}</Fact>
          <Fact label="Priority">{priorityLabel(claim.priority)}</Fact>
          <Fact label="Amount">{money(claim.amount)}</Fact>
          <Fact label="Frequency">{frequencyText(claim)}</Fact>
          <Fact label="Batch">{claim.batch_id ?? '-'}</Fact>
          <Fact label="Payer claim number">{claim.payer_claim_number ?? '-'}</Fact>
          <Fact label="Created">{formatTimestamp(claim.created)}</Fact>
          <Fact label="Diagnoses" wide>
            {claim.diagnoses.length ? <Diagnoses codes={claim.diagnoses} /> : '-'}
          </Fact>
        </Grid>
      </Paper>
      <Box component="section" aria-labelledby={linesId}>
        <Typography id={linesId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Lines
        </Typography>
        <DataTable
          rows={claim.lines.map((line) => ({ ...line, id: line.line_number }))}
          columns={lineColumns}
          emptyItems="LINES"
          label="Claim lines"
        />
      </Box>
      <RemittanceLinesTable lines={claim.remittance_lines} />
      <Box component="section" aria-labelledby={historyId}>
        <Typography id={historyId} variant="h6" component="h2" sx={{ mb: 1 }}>
          History
        </Typography>
        <DataTable
          rows={claim.history.map((event, index) => ({ ...event, id: index }))}
          columns={historyColumns}
          emptyItems="EVENTS"
          label="Claim history"
        />
      </Box>
    </Stack>
  );
}

function ClaimLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const claim = useClaim(id);
  useEffect(() => {
    if (claim.isError) void navigate(paths.notFound, { replace: true });
  }, [claim.isError, navigate]);
  if (!claim.data) return <PageLoading />;
  return <ClaimView claim={claim.data} />;
}

/** /claims/:id: a claim as it was billed, its lines and what happened to it. */
export function ClaimDetail() {
  const id = useIdParam();
  return (
    <>
      <PageHeader
        title="Claim"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Claims', to: paths.claims.list },
          { label: 'Claim' },
        ]}
      />
      {id !== null ? <ClaimLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
