import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CALL_NOTE_MAX, OPERATIONS_MESSAGES } from '@dme/shared';
import { useAddCallNote } from '@/lib/api/call-notes.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';

interface NewCallNoteDialogProps {
  occurrenceId: number;
  onClose: () => void;
}

/** New Call Note: Content, Cancel and Save (disabled while the content is empty). */
export function NewCallNoteDialog({ occurrenceId, onClose }: NewCallNoteDialogProps) {
  const titleId = useId();
  const add = useAddCallNote(occurrenceId);
  const [content, setContent] = useState('');
  const save = useSubmit({ submit: add.mutateAsync, successMessage: OPERATIONS_MESSAGES.noteAdded, close: onClose });

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>New Call Note</DialogTitle>
      <DialogContent>
        <TextField
          label="Content"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          multiline
          minRows={4}
          maxRows={12}
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: CALL_NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={add.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void save({ body: content.trim() })}
          disabled={!content.trim() || add.isPending}
          startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
