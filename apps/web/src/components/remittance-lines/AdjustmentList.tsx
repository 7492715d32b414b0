import Box from '@mui/material/Box';
import { formatPrice, type EraAdjustment, type EraRemark } from '@dme/shared';

const listSx = { m: 0, p: 0, listStyle: 'none', '& li + li': { mt: 0.5 } } as const;
const codeSx = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/**
 * A payer's adjustments (CAS) and remarks (RARC) in plain words: each code with its amount, then
 * what the code means ("CO-45 12.00 Charge exceeds fee schedule ..."). "-" when there are none.
 */
export function AdjustmentList({ adjustments, remarks = [] }: { adjustments: EraAdjustment[]; remarks?: EraRemark[] }) {
  if (adjustments.length === 0 && remarks.length === 0) return '-';
  return (
    <Box component="ul" sx={listSx}>
      {adjustments.map((a, index) => (
        <li key={`a${index}`}>
          <Box component="span" sx={codeSx}>
            {a.group}-{a.reason} {formatPrice(a.amount)}
          </Box>{' '}
          {a.description}
        </li>
      ))}
      {remarks.map((r, index) => (
        <li key={`r${index}`}>
          <Box component="span" sx={codeSx}>
            {r.code}
          </Box>{' '}
          {r.description}
        </li>
      ))}
    </Box>
  );
}
