import Chip, { type ChipProps } from '@mui/material/Chip';
import { DOCUMENT_STATE_LABELS, type DocumentState } from '@dme/shared';

type Look = Pick<ChipProps, 'color' | 'variant' | 'sx'>;

/**
 * As the claim status chip: colours whose text stays readable on a small chip. MUI's warning
 * palette is too light for text, so "Expiring" is dark amber on the work queues' yellow tint.
 */
const LOOK: Record<DocumentState, Look> = {
  valid: { color: 'success', variant: 'filled' },
  expiring: {
    variant: 'outlined',
    sx: { bgcolor: '#fff8e1', color: '#7a4f01', borderColor: '#b7791f' },
  },
  expired: { color: 'error', variant: 'filled' },
  used_up: { color: 'error', variant: 'outlined' },
  not_yet_valid: { color: 'default', variant: 'outlined' },
};

/** Where a document stands today: Valid, Expiring (within 30 days), Expired, Used up or Not yet valid. */
export function DocumentStateChip({ state }: { state: DocumentState }) {
  return <Chip size="small" label={DOCUMENT_STATE_LABELS[state]} {...LOOK[state]} />;
}
