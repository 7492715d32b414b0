import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DOCUMENT_MESSAGES, MSG } from '@dme/shared';

/** "N records available for print", as the batch dialogs state it. */
export function availableText(count: number): string {
  if (count === 0) return 'There are no records available for print.';
  return count === 1 ? '1 record available for print.' : `${count} records available for print.`;
}

export function AvailableCount({
  count,
  held = 0,
  loading,
  failed,
}: {
  count: number | undefined;
  /** Available occurrences on hold (issue 34): the batch leaves them out. */
  held?: number;
  loading: boolean;
  failed: boolean;
}) {
  if (loading) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} aria-label="Counting records" />
        <Typography color="text.secondary">Counting the records available for print…</Typography>
      </Stack>
    );
  }
  if (failed || count === undefined) return <Typography color="error">{MSG.requestFailed}</Typography>;
  return (
    <Stack spacing={0.5} role="status">
      <Typography sx={{ fontWeight: 500 }}>{availableText(count)}</Typography>
      {held > 0 ? <Typography color="warning.dark">{DOCUMENT_MESSAGES.heldLeftOut(held)}</Typography> : null}
    </Stack>
  );
}
