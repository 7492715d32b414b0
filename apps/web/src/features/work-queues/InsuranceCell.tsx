import Box from '@mui/material/Box';
import { insuranceText } from './format.ts';

/** The patient's insurances as "Name - Policy Number", one per line. */
export function InsuranceCell({ insurances }: { insurances: readonly { name: string; policy_number: string }[] }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
      {insuranceText(insurances)}
    </Box>
  );
}
