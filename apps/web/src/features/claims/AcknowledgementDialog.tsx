import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { CLAIM_MESSAGES, MSG, type AcknowledgementResult } from '@dme/shared';
import { useUploadAcknowledgement } from './api/upload-acknowledgement.ts';
import { AcknowledgementSummary } from './AcknowledgementSummary.tsx';
import { refusalText } from './format.ts';

/** The files a clearinghouse sends back: X12 text under any of its usual extensions. */
export const ACKNOWLEDGEMENT_ACCEPT = '.txt,.999,.277,.x12,.edi';

/**
 * Upload acknowledgement: reads a 999 or 277CA and shows what it did to which claims (the lists
 * behind refresh). A refused file's reason stays in the dialog. Render it only while open.
 */
export function AcknowledgementDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const upload = useUploadAcknowledgement();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<AcknowledgementResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    // Cleared, so the same file can be picked again after a fix.
    event.target.value = '';
    setError(null);
  };

  const send = async () => {
    if (!file) {
      setError(CLAIM_MESSAGES.ackFileRequired);
      return;
    }
    setError(null);
    setResult(null);
    try {
      setResult(await upload.mutateAsync(file));
      setFile(null);
    } catch (failure) {
      setError(refusalText(failure, MSG.requestFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload acknowledgement</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            A 999 or 277CA file from the clearinghouse: accepted claims move on, rejected ones go back to Ready to Bill
            with the payer&apos;s reason.
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={busy}>
              Choose file
              <input
                type="file"
                hidden
                accept={ACKNOWLEDGEMENT_ACCEPT}
                aria-label="Acknowledgement file"
                onChange={onPick}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Stack>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {result ? <AcknowledgementSummary result={result} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button
          variant="contained"
          disabled={busy || !file}
          onClick={() => void send()}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
