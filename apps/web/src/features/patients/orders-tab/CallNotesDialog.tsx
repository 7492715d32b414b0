import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { callNoteSchema, DISPLAY_DATE, MSG, ORDER_MESSAGES } from '@dme/shared';
import { CallNotesList } from '@/components/CallNotesList.tsx';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useAddCallNote, useCallNotes } from '@/lib/api/call-notes.ts';

interface CallNotesDialogProps {
  occurrenceId: number;
  /** "Ocurrence #n · MM-DD-YYYY", under the title. */
  subtitle: string;
  onClose: () => void;
}

/**
 * Call Notes of an occurrence, newest first, with a field to add one. No <form> here: the tab
 * sits inside Edit Patient's form, and a submit would bubble to it through the portal.
 */
export function CallNotesDialog({ occurrenceId, subtitle, onClose }: CallNotesDialogProps) {
  const titleId = useId();
  const notes = useCallNotes(occurrenceId);
  const add = useAddCallNote(occurrenceId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The dialog stays open after a note is added: the list shows it, the field is cleared.
  const send = useSubmit({
    submit: add.mutateAsync,
    successMessage: ORDER_MESSAGES.created,
    onSuccess: () => setText(''),
    onInvalid: (body) => {
      if (isFieldErrorMap(body)) setError(body.body?.[0] ?? null);
    },
  });

  const addNote = async () => {
    const parsed = callNoteSchema.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.requestFailed);
      return;
    }
    setError(null);
    await send(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        Call Notes
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        {subtitle}
      </Typography>
      <DialogContent dividers sx={{ maxHeight: 360 }}>
        <CallNotesList notes={notes} stampFormat={DISPLAY_DATE} />
      </DialogContent>
      <Stack spacing={1} sx={{ px: 3, pt: 2 }}>
        <TextField
          label="Add note"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          maxRows={6}
          error={error !== null}
          helperText={error ?? undefined}
        />
      </Stack>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button
          variant="contained"
          onClick={() => void addNote()}
          disabled={!text.trim() || add.isPending}
          startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Add Note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
