import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Era } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { money } from './format.ts';

type Row = Era['provider_adjustments'][number] & { id: number };

const columns: Column<Row>[] = [
  {
    id: 'reason',
    header: 'Reason',
    cellSx: { minWidth: 220 },
    render: (a) => (
      <>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {a.reason}
        </Box>{' '}
        {a.description}
      </>
    ),
  },
  { id: 'reference', header: 'Reference', render: (a) => a.reference || '-' },
  { id: 'amount', header: 'Amount', align: 'right', render: (a) => money(a.amount) },
];

/** PLB: what the payer took or added on the whole payment (an interest, a recovered overpayment ...). Only when any. */
export function ProviderAdjustments({ adjustments }: { adjustments: Era['provider_adjustments'] }) {
  const headingId = useId();
  if (adjustments.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Provider adjustments
      </Typography>
      <DataTable
        rows={adjustments.map((a, index) => ({ ...a, id: index }))}
        columns={columns}
        emptyItems="ADJUSTMENTS"
        label="Provider adjustments"
      />
    </Box>
  );
}
