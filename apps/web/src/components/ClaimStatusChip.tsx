import Chip, { type ChipProps } from '@mui/material/Chip';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@dme/shared';

type Look = Pick<ChipProps, 'color' | 'variant'>;

/**
 * Colours with readable text on a small chip (white on the filled ones, the colour itself on the
 * outlined ones): the warning and info palettes are too light for that, so none is used.
 */
const LOOK: Record<ClaimStatus, Look> = {
  created: { color: 'default', variant: 'filled' },
  submitted: { color: 'secondary', variant: 'outlined' },
  accepted: { color: 'primary', variant: 'filled' },
  rejected: { color: 'error', variant: 'filled' },
  paid: { color: 'success', variant: 'filled' },
  partially_paid: { color: 'success', variant: 'outlined' },
  denied: { color: 'error', variant: 'outlined' },
  crossed_over: { color: 'secondary', variant: 'filled' },
  reversed: { color: 'default', variant: 'outlined' },
};

/** A claim's status in words, coloured (the claims screens and the invoice's claim). */
export function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  return <Chip size="small" label={CLAIM_STATUS_LABELS[status]} {...LOOK[status]} />;
}
