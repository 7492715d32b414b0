import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

export type DotState = 'on' | 'off' | 'not-needed';

const COLORS: Record<DotState, string> = { on: 'success.main', off: 'error.main', 'not-needed': 'grey.400' };
const WORDS: Record<DotState, string> = { on: 'yes', off: 'no', 'not-needed': 'not needed' };

/** A coloured dot with its meaning for screen readers and a tooltip (the colour alone says nothing to them). */
export function StatusDot({ state, label }: { state: DotState; label: string }) {
  const text = `${label}: ${WORDS[state]}`;
  return (
    <Tooltip disableInteractive title={text}>
      <Box
        component="span"
        role="img"
        aria-label={text}
        sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: COLORS[state] }}
      />
    </Tooltip>
  );
}
