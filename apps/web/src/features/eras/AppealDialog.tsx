import { useId, useState, type FormEvent } from 'react';
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
import { MSG, denialAppealSchema, type DenialRow } from '@dme/shared';
import { isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useAppealDenial } from './api/appeal-denial.ts';
import { money, refusalText } from './format.ts';

const NOTE_REQUIRED = 'Write what the appeal says';
const NOTE_MAX = 2000;

/** Appeal: the denial is marked appealed with a note of what was sent to the payer. Render it only while open. */
export function AppealDialog({ denial, onClose }: { denial: DenialRow; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const appeal = useAppealDenial();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = appeal.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = denialAppealSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(note.trim() === '' ? NOTE_REQUIRED : `At most ${NOTE_MAX} characters`);
      return;
    }
    setNoteError(null);
    try {
      await appeal.mutateAsync({ id: denial.id, note: parsed.data.note });
      notify.success(`Denial of claim ${denial.claim_number} appealed`);
      onClose();
    } catch (failure) {
      const body = isApiError(failure, 422) ? failure.body : undefined;
      if (isFieldErrorMap(body) && body.note?.[0]) setNoteError(body.note[0]);
      else setError(refusalText(failure, MSG.requestFailed));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Appeal denial</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id={`${titleId}-form`} noValidate spacing={2} onSubmit={(e) => void submit(e)}>
          <Typography variant="body2" color="text.secondary">
            Claim {denial.claim_number}, {denial.hcpcs} for {denial.patient.first_name} {denial.patient.last_name}:{' '}
            {money(denial.amount)} denied by {denial.payer.name}.
          </Typography>
          <TextField
            label="Note"
            required
            multiline
            minRows={3}
            maxRows={10}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(noteError)}
            helperText={noteError ?? undefined}
            disabled={busy}
            autoFocus
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Appeal
        </Button>
      </DialogActions>
    </Dialog>
  );
}
