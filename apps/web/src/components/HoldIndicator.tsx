import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HeldIcon from '@mui/icons-material/PanToolOutlined';
import ReleasedIcon from '@mui/icons-material/LockOpenOutlined';
import type { HoldRelease } from '@dme/shared';

interface HoldIndicatorProps {
  /** Why the occurrence is held, in words; empty when nothing holds it. */
  holds: readonly string[];
  /** An administrator's release, when there was one. */
  hold_release?: HoldRelease | null;
}

/** What a screen reader hears for a held occurrence (the same words the tooltip lists). */
export const holdLabel = (holds: readonly string[]) => `On hold: ${holds.join('; ')}`;

export const releaseLabel = (release: HoldRelease) => `Hold released by ${release.user}: ${release.reason}`;

/**
 * An occurrence's hold where people work (the queues' Hold column, the patient's Orders tab): a
 * hand when it is held, with every reason on hover, focus or tap; a quiet open lock when an
 * administrator released it; nothing otherwise. Both take the keyboard focus, so the words are
 * reachable without a mouse.
 */
export function HoldIndicator({ holds, hold_release = null }: HoldIndicatorProps) {
  if (holds.length > 0) {
    return (
      <Tooltip
        describeChild
        enterTouchDelay={0}
        leaveTouchDelay={5000}
        title={
          <>
            <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
              On hold
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {holds.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          </>
        }
      >
        <IconButton size="small" aria-label={holdLabel(holds)} sx={{ color: 'warning.dark' }}>
          <HeldIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  if (hold_release) {
    const label = releaseLabel(hold_release);
    return (
      <Tooltip enterTouchDelay={0} leaveTouchDelay={5000} title={label}>
        <Box
          component="span"
          role="img"
          tabIndex={0}
          aria-label={label}
          sx={{ display: 'inline-flex', p: 0.625, borderRadius: '50%', color: 'text.secondary' }}
        >
          <ReleasedIcon sx={{ fontSize: 16 }} />
        </Box>
      </Tooltip>
    );
  }
  return null;
}
