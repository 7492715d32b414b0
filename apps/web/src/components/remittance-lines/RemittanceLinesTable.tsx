import { useId } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMoney, type RemittanceLine } from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { DataTable, type Column } from '../data-table/index.ts';
import { AdjustmentList } from './AdjustmentList.tsx';
import { PostingStateChip } from './PostingStateChip.tsx';

type Row = RemittanceLine & { id: number };

const columns: Column<Row>[] = [
  {
    id: 'check',
    header: 'Check/EFT',
    cellSx: { whiteSpace: 'nowrap' },
    render: (l) => (
      <Link component={RouterLink} to={paths.eras.detail.url(l.era_id)} underline="hover" sx={{ fontWeight: 500 }}>
        {l.check_number}
      </Link>
    ),
  },
  { id: 'payer', header: 'Payer', render: (l) => l.payer },
  { id: 'claim', header: 'Claim', render: (l) => l.claim_number },
  { id: 'hcpcs', header: 'HCPCS', render: (l) => l.hcpcs },
  { id: 'paid', header: 'Paid', align: 'right', render: (l) => formatMoney(l.paid) },
  { id: 'adjusted', header: 'Adjusted', align: 'right', render: (l) => formatMoney(l.adjusted) },
  {
    id: 'patient_responsibility',
    header: 'Patient resp.',
    align: 'right',
    render: (l) => formatMoney(l.patient_responsibility),
  },
  {
    id: 'adjustments',
    header: 'Adjustments',
    cellSx: { minWidth: 220 },
    render: (l) => <AdjustmentList adjustments={l.adjustments} remarks={l.remarks} />,
  },
  { id: 'state', header: 'State', render: (l) => <PostingStateChip state={l.state} /> },
];

/**
 * "Remittances": what the payers' 835s posted on an invoice's services or answered for a claim,
 * each line linked to its remittance file. Nothing is rendered while there are none.
 */
export function RemittanceLinesTable({ lines }: { lines: RemittanceLine[] }) {
  const headingId = useId();
  if (lines.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Remittances
      </Typography>
      <DataTable
        rows={lines.map((line, index) => ({ ...line, id: index }))}
        columns={columns}
        emptyItems="REMITTANCES"
        label="Remittances"
      />
    </Box>
  );
}
