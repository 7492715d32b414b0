import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { PATIENT_MESSAGES } from '@dme/shared';
import { isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';

export interface TextEntryDialogProps {
  title: string;
  label: string;
  /** The text being edited; empty for a new entry. */
  initialText?: string;
  /** Saves the text; the dialog shows the outcome and closes on success. */
  onSave: (text: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The new/edit dialog of HCPCS entries and modifiers: one multiline text, Save
 * disabled while it is empty. Mount it only while open, so each opening starts from its text.
 */
export function TextEntryDialog({ title, label, initialText = '', onSave, onClose }: TextEntryDialogProps) {
  const notify = useNotify();
  const titleId = useId();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const editing = initialText !== '';

  const submit = async (event: FormEvent) => {
    // The dialog sits inside the patient form in React's tree: its submit must not reach that form.
    event.preventDefault();
    event.stopPropagation();
    setSaving(true);
    try {
      await onSave(text.trim());
      notify.success(editing ? PATIENT_MESSAGES.dialogUpdated : PATIENT_MESSAGES.dialogCreated);
      onClose();
    } catch (err) {
      if (isApiError(err, 422) && isFieldErrorMap(err.body)) setError(err.body.text?.[0]);
      notify.error(PATIENT_MESSAGES.requestFailed);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={label}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            multiline
            minRows={4}
            maxRows={12}
            autoFocus
            error={Boolean(error)}
            helperText={error}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving || text.trim() === '' || text.trim() === initialText.trim()}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
