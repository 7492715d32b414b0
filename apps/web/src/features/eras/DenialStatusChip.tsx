import Chip, { type ChipProps } from '@mui/material/Chip';
import { DENIAL_STATUS_LABELS, type DenialStatus } from '@dme/shared';

/** As the claim status chip: colours whose text stays readable on a small chip. */
const LOOK: Record<DenialStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  open: { color: 'error', variant: 'outlined' },
  appealed: { color: 'secondary', variant: 'outlined' },
  resubmitted: { color: 'primary', variant: 'outlined' },
  written_off: { color: 'default', variant: 'outlined' },
};

export function DenialStatusChip({ status }: { status: DenialStatus }) {
  return <Chip size="small" label={DENIAL_STATUS_LABELS[status]} {...LOOK[status]} />;
}
