import Alert from '@mui/material/Alert';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EraClaim, EraLine } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { denseCellsSx } from '@/components/server-table/index.ts';
import { Fact } from '@/components/Fact.tsx';
import { AdjustmentList, PostingStateChip } from '@/components/remittance-lines/index.ts';
import { paths } from '@/config/paths.ts';
import { claimStatusText, displayDate, hcpcsText, money, needsClaimMatch, needsLineMatch } from './format.ts';

type LineRow = EraLine & { id: number };

/** What a person may match: a claim to an invoice, or a line of a matched claim to a service. */
export type MatchTarget = { claim: EraClaim; line?: EraLine };

interface EraClaimCardProps {
  claim: EraClaim;
  /** Match buttons are offered (billing staff, the remittance not reverted). */
  canMatch: boolean;
  onMatch: (target: MatchTarget) => void;
}

function lineColumns(claim: EraClaim, matchable: boolean, onMatch: (target: MatchTarget) => void): Column<LineRow>[] {
  return [
    { id: 'line', header: 'Line', align: 'right', width: 48, render: (l) => l.index + 1 },
    { id: 'hcpcs', header: 'HCPCS', cellSx: { whiteSpace: 'nowrap' }, render: (l) => hcpcsText(l) },
    { id: 'date', header: 'Date', cellSx: { whiteSpace: 'nowrap' }, render: (l) => displayDate(l.service_date) },
    { id: 'charge', header: 'Charge', align: 'right', render: (l) => money(l.charge) },
    { id: 'allowed', header: 'Allowed', align: 'right', render: (l) => (l.allowed === null ? '-' : money(l.allowed)) },
    { id: 'paid', header: 'Paid', align: 'right', render: (l) => money(l.paid) },
    { id: 'patient', header: 'Patient resp.', align: 'right', render: (l) => money(l.patient_responsibility) },
    {
      id: 'adjustments',
      header: 'Adjustments',
      cellSx: { minWidth: 160 },
      render: (l) => <AdjustmentList adjustments={l.adjustments} />,
    },
    {
      id: 'remarks',
      header: 'Remarks',
      cellSx: { minWidth: 120 },
      render: (l) => <AdjustmentList adjustments={[]} remarks={l.remarks} />,
    },
    {
      id: 'state',
      header: 'State',
      render: (l) =>
        matchable && needsLineMatch(claim, l) ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <PostingStateChip state={l.state} />
            <Button
              size="small"
              variant="outlined"
              aria-label={`Match line ${l.index + 1}`}
              onClick={() => onMatch({ claim, line: l })}
              sx={{ py: 0 }}
            >
              Match
            </Button>
          </Stack>
        ) : l.problem ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <PostingStateChip state={l.state} />
            <Typography variant="caption">{l.problem}</Typography>
          </Stack>
        ) : (
          <PostingStateChip state={l.state} />
        ),
    },
  ];
}

/** One claim the payer answered: its amounts, adjustments and remarks in words, and its lines. */
export function EraClaimCard({ claim, canMatch, onMatch }: EraClaimCardProps) {
  const headingId = useId();
  const claimAdjusted = claim.adjustments.length > 0 || claim.remarks.length > 0;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Claim{' '}
          {claim.matched_claim_id !== null ? (
            <Link component={RouterLink} to={paths.claims.detail.url(claim.matched_claim_id)} underline="always">
              {claim.claim_number}
            </Link>
          ) : (
            claim.claim_number
          )}
        </Typography>
        <PostingStateChip state={claim.state} />
        {canMatch && needsClaimMatch(claim) ? (
          <Button
            variant="outlined"
            size="small"
            sx={{ ml: 'auto' }}
            aria-label={`Match claim ${claim.claim_number}`}
            onClick={() => onMatch({ claim })}
          >
            Match
          </Button>
        ) : null}
      </Stack>
      {claim.problem ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {claim.problem}
        </Alert>
      ) : null}
      <Grid container spacing={2} component="dl" sx={{ m: 0, mb: 2 }}>
        <Fact label="Patient">{claim.patient_name || '-'}</Fact>
        <Fact label="Status">{claimStatusText(claim)}</Fact>
        <Fact label="Invoice">
          {claim.matched_invoice_id !== null ? (
            <Link component={RouterLink} to={paths.invoices.edit.url(claim.matched_invoice_id)} underline="hover">
              {claim.matched_invoice_id}
            </Link>
          ) : (
            'Not matched'
          )}
        </Fact>
        <Fact label="Payer claim number">{claim.payer_claim_number || '-'}</Fact>
        <Fact label="Charge">{money(claim.charge)}</Fact>
        <Fact label="Paid">{money(claim.paid)}</Fact>
        <Fact label="Patient resp.">{money(claim.patient_responsibility)}</Fact>
        {claim.crossover_payer ? <Fact label="Crossed over to">{claim.crossover_payer}</Fact> : null}
        {claimAdjusted ? (
          <Fact label="Claim adjustments and remarks" wide>
            <AdjustmentList adjustments={claim.adjustments} remarks={claim.remarks} />
          </Fact>
        ) : null}
      </Grid>
      {/* Ten columns in a card: the cells keep less padding, as the work queues' do. */}
      <Box sx={denseCellsSx(1)}>
        <DataTable
          rows={claim.lines.map((line) => ({ ...line, id: line.index }))}
          columns={lineColumns(claim, canMatch, onMatch)}
          emptyItems="LINES"
          label={`Lines of claim ${claim.claim_number}`}
        />
      </Box>
    </Paper>
  );
}
