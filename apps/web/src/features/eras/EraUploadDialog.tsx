import { useId, useRef, useState, type ChangeEvent } from 'react';
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
import { MSG, type Era } from '@dme/shared';
import { useUploadEra } from './api/upload-era.ts';
import { EraImportSummary } from './EraImportSummary.tsx';
import { refusalText } from './format.ts';

/** The files a clearinghouse or payer sends: X12 text under any of its usual extensions. */
const ERA_ACCEPT = '.835,.txt,.x12,.edi,.era';

/**
 * Upload 835: reads a remittance file, posts what it can match and shows each payment it held.
 * A refused file's reason (not an 835, or imported before) stays in the dialog. Render it only while open.
 */
export function EraUploadDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const upload = useUploadEra();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Era[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    // Cleared, so the same file can be picked again after a fix.
    event.target.value = '';
    setError(null);
  };

  const send = async (chosen: File) => {
    setError(null);
    setResult(null);
    try {
      setResult(await upload.mutateAsync(chosen));
      setFile(null);
    } catch (failure) {
      setError(refusalText(failure, MSG.requestFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Upload 835</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            An 835 remittance file from a payer or the clearinghouse: each payment is posted on the claims it names;
            what cannot be matched waits on the remittance for a person to match it.
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* A button that opens the hidden input: a label styled as a button is no button to assistive technology. */}
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              Choose file
            </Button>
            <input ref={input} type="file" hidden accept={ERA_ACCEPT} aria-label="835 file" onChange={onPick} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Stack>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {result ? <EraImportSummary eras={result} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button
          variant="contained"
          disabled={busy || !file}
          onClick={() => file && void send(file)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
