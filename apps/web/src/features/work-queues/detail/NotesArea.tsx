import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MSG } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useUpdateNotes, type NotesTarget } from '../api/update-notes.ts';

/** Spec: notes text areas show 15 rows. */
export const NOTES_ROWS = 15;

interface NotesAreaProps {
  label: string;
  target: NotesTarget;
  /** The saved text (from the loaded occurrence). */
  saved: string;
  successMessage: string;
  /** The server's limit, when the shared schemas name one. */
  maxLength?: number;
}

/** A notes text area saved on blur, only when its text changed (spec 4.3). */
export function NotesArea({ label, target, saved, successMessage, maxLength }: NotesAreaProps) {
  const notify = useNotify();
  const update = useUpdateNotes();
  const [value, setValue] = useState(saved);
  const [stored, setStored] = useState(saved);
  // A refetch brings newer text: take it unless the user has unsaved changes here.
  const [seen, setSeen] = useState(saved);
  if (saved !== seen) {
    setSeen(saved);
    if (value === stored) {
      setValue(saved);
      setStored(saved);
    }
  }

  const save = async () => {
    if (value === stored) return;
    const text = value;
    try {
      await update.mutateAsync({ target, text });
      setStored(text);
      notify.success(successMessage);
    } catch {
      // The text stays in the field, so the next blur tries again.
      notify.error(MSG.requestFailed);
    }
  };

  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void save()}
      multiline
      rows={NOTES_ROWS}
      slotProps={{ htmlInput: { maxLength } }}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
    />
  );
}
