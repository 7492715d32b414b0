import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@dme/shared';
import { refusalText } from '@/lib/format.ts';
import { FilePicker } from './FilePicker.tsx';

export interface FileUploadDialogProps<T> {
  title: string;
  /** What the file is and what the upload does, in a sentence. */
  intro: ReactNode;
  /** The input's accept list (".835,.txt"). */
  accept: string;
  /** The file input's accessible name ("835 file"). */
  fileLabel: string;
  /** Sends the file; its answer is shown with `renderResult`, a refusal's reason in an alert. */
  upload: (file: File) => Promise<T>;
  busy: boolean;
  renderResult: (result: T) => ReactNode;
  onClose: () => void;
  maxWidth?: 'sm' | 'md';
}

/**
 * A dialog that sends one file and shows what it did (acknowledgements, remittance files). The
 * refused file's reason stays in the dialog; the same file can be picked again after a fix.
 * Render it only while open.
 */
export function FileUploadDialog<T>({
  title,
  intro,
  accept,
  fileLabel,
  upload,
  busy,
  renderResult,
  onClose,
  maxWidth = 'sm',
}: FileUploadDialogProps<T>) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ value: T } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onPick = (picked: File | null) => {
    setFile(picked);
    setError(null);
  };

  const send = async (chosen: File) => {
    setError(null);
    setResult(null);
    try {
      setResult({ value: await upload(chosen) });
      setFile(null);
    } catch (failure) {
      setError(refusalText(failure, MSG.requestFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {intro}
          </Typography>
          <FilePicker label={fileLabel} file={file} onPick={onPick} disabled={busy} accept={accept} showLabel={false} />
          {error ? <Alert severity="error">{error}</Alert> : null}
          {result ? renderResult(result.value) : null}
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
