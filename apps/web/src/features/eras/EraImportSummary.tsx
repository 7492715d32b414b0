import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Era } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { paths } from '@/config/paths.ts';
import { money } from './format.ts';
import { RowLink } from '@/components/RowLink.tsx';

const columns: Column<Era>[] = [
  { id: 'payer', header: 'Payer', render: (era) => era.payer_name },
  {
    id: 'check',
    header: 'Check/EFT',
    render: (era) => <RowLink to={paths.eras.detail.url(era.id)}>{era.check_number}</RowLink>,
  },
  { id: 'paid', header: 'Total paid', align: 'right', render: (era) => money(era.total_paid) },
  { id: 'posted', header: 'Posted', align: 'right', render: (era) => money(era.posted_total) },
  { id: 'unmatched', header: 'Unmatched', align: 'right', render: (era) => money(era.unmatched_total) },
  { id: 'claims', header: 'Claims', align: 'right', render: (era) => era.claims.length },
];

const remittances = (n: number) => `${n} remittance${n === 1 ? '' : 's'}`;

/** What an imported 835 did, one row per transaction (payment); unmatched money is called out. */
export function EraImportSummary({ eras }: { eras: Era[] }) {
  const unmatched = eras.filter((era) => era.unmatched_total !== 0).length;
  return (
    <Stack spacing={1.5}>
      <Alert severity={unmatched > 0 ? 'warning' : 'success'}>
        {remittances(eras.length)} imported
        {unmatched > 0 ? `; ${remittances(unmatched)} with unmatched payments: open each to match them` : ''}.
      </Alert>
      <DataTable rows={eras} columns={columns} emptyItems="REMITTANCES" label="Imported remittances" framed={false} />
    </Stack>
  );
}
