import Chip from '@mui/material/Chip';
import type { Era } from '@dme/shared';

/** A remittance's own status: its postings stand, or a person reverted them all. */
export function EraStatusChip({ status }: { status: Era['status'] }) {
  return status === 'posted' ? (
    <Chip size="small" label="Posted" color="success" variant="outlined" />
  ) : (
    <Chip size="small" label="Reverted" variant="outlined" />
  );
}
