import Box from '@mui/material/Box';
import type { AlertColor } from '@dme/shared';
import { ALERT_TEXT, TINTS } from '../colors.ts';

/** The Alert cell of Call Patient w Eligibility (spec 4.2): a coloured mark, nothing for "empty". */
export function AlertCell({ color }: { color: AlertColor }) {
  if (color === 'empty') return null;
  const tint = TINTS[color];
  return (
    <Box
      role="img"
      aria-label={`Alert ${tint.label}`}
      title={ALERT_TEXT[color]}
      sx={{
        mx: 'auto',
        width: 40,
        height: 22,
        borderRadius: 1,
        bgcolor: tint.background,
        border: '1px solid',
        borderColor: tint.accent,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tint.accent }} />
    </Box>
  );
}
