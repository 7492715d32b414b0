import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@dme/shared';

/** "N records available for print", as the batch dialogs state it. */
export function availableText(count: number): string {
  if (count === 0) return 'There are no records available for print.';
  return count === 1 ? '1 record available for print.' : `${count} records available for print.`;
}

export function AvailableCount({
  count,
  loading,
  failed,
}: {
  count: number | undefined;
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
    <Typography role="status" sx={{ fontWeight: 500 }}>
      {availableText(count)}
    </Typography>
  );
}
