import Chip, { type ChipProps } from '@mui/material/Chip';
import type { EraPostingState } from '@dme/shared';

type Look = Pick<ChipProps, 'color' | 'variant'> & { label: string };

/** As the claim status chip: colours whose text stays readable on a small chip (no warning or info). */
const LOOK: Record<EraPostingState, Look> = {
  posted: { label: 'Posted', color: 'success', variant: 'filled' },
  denied: { label: 'Denied', color: 'error', variant: 'outlined' },
  reversed: { label: 'Reversed', color: 'default', variant: 'outlined' },
  unmatched: { label: 'Unmatched', color: 'secondary', variant: 'filled' },
  'not posted': { label: 'Not posted', color: 'default', variant: 'filled' },
};

/** What became of a remittance claim or line (posted, denied, waiting to be matched ...), in words. */
export function PostingStateChip({ state }: { state: EraPostingState }) {
  const { label, ...look } = LOOK[state];
  return <Chip size="small" label={label} {...look} />;
}
