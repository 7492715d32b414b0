import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isWireDate, MSG, type FeeSchedule } from '@dme/shared';
import { refusalText } from '@/lib/format.ts';
import { useImportFeeSchedule } from './api/fee-schedules.ts';
import { FilePicker } from '@/components/FilePicker.tsx';

/** CMS publishes both files as CSV. */
const CSV_ACCEPT = '.csv,text/csv,text/plain';

/**
 * Import fee schedule: a quarter's CMS DMEPOS file, optionally its rural ZIP code file, and the
 * date it takes effect. Like FileUploadDialog (which sends one file), a refusal's reason stays in
 * the dialog. Render it only while open.
 */
export function FeeScheduleImportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const upload = useImportFeeSchedule();
  const [file, setFile] = useState<File | null>(null);
  const [ruralZips, setRuralZips] = useState<File | null>(null);
  const [effectiveDate, setEffectiveDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<FeeSchedule | null>(null);
  const busy = upload.isPending;

  const send = async (chosen: File) => {
    setError(null);
    setResult(null);
    try {
      setResult(await upload.mutateAsync({ file: chosen, ruralZips, effectiveDate }));
      setFile(null);
      setRuralZips(null);
    } catch (failure) {
      setError(refusalText(failure, MSG.requestFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Import fee schedule</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The CMS DMEPOS fee schedule of a quarter (the CSV such as DMEPOS_APR.csv) and the date it takes effect. A
            schedule of the same date is replaced; the others are kept. Without a rural ZIP code file, the ZIP codes of
            the schedule in force on that date are kept.
          </Typography>
          <FilePicker label="Fee schedule file" file={file} onPick={setFile} disabled={busy} accept={CSV_ACCEPT} />
          <FilePicker
            label="Rural ZIP code file (optional)"
            file={ruralZips}
            onPick={setRuralZips}
            disabled={busy}
            accept={CSV_ACCEPT}
          />
          <TextField
            type="date"
            label="Effective date"
            required
            value={effectiveDate}
            onChange={(event) => setEffectiveDate(event.target.value)}
            disabled={busy}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 240 }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
          {result ? (
            <Alert severity="success" role="status">
              {`Imported ${result.row_count.toLocaleString('en-US')} fees and ${result.zip_count.toLocaleString('en-US')} rural ZIP codes, in force from ${result.quarter}.`}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button
          variant="contained"
          disabled={busy || !file || !isWireDate(effectiveDate)}
          onClick={() => file && void send(file)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
