import Chip from '@mui/material/Chip';
import type { PatientStatus } from '@dme/shared';

const LOOK: Record<PatientStatus, { color: 'success' | 'default'; variant: 'filled' | 'outlined' }> = {
  Active: { color: 'success', variant: 'filled' },
  Inactive: { color: 'default', variant: 'outlined' },
  Deceased: { color: 'default', variant: 'filled' },
};

export function PatientStatusChip({ status }: { status: PatientStatus }) {
  return <Chip size="small" label={status} {...LOOK[status]} sx={{ minWidth: 72 }} />;
}
