import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@dme/shared';
import { money } from './format.ts';

/** One amount with its name above it, read out as "{label}" with its value. */
function Figure({ label, value, main = false }: { label: string; value: number; main?: boolean }) {
  return (
    <Box aria-label={label} role="status">
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography
        variant={main ? 'h6' : 'body2'}
        component="p"
        sx={{ fontWeight: 600, lineHeight: main ? undefined : 1.3 }}
      >
        {money(value)}
      </Typography>
    </Box>
  );
}

/** Balance Due, and beside it who owes it: the payers (insurance) and, after their remittances, the patient. */
export function InvoiceBalances({ invoice }: { invoice: Invoice }) {
  return (
    <Stack
      direction="row"
      spacing={3}
      sx={{ height: '100%', alignItems: 'center', px: 1, flexWrap: 'wrap', rowGap: 1 }}
    >
      <Figure label="Balance Due" value={invoice.balance} main />
      <Stack spacing={0.5}>
        <Figure label="Insurance balance" value={invoice.insurance_balance} />
        <Figure label="Patient balance" value={invoice.patient_balance} />
      </Stack>
    </Stack>
  );
}
