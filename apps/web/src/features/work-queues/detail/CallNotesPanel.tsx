import { useState } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { MSG } from '@dme/shared';
import { useCallNotes } from '../api/get-call-notes.ts';
import { NewCallNoteDialog } from './NewCallNoteDialog.tsx';
import { Panel } from './Panel.tsx';

export const NO_CALL_NOTES = 'There are no call notes for this ocurrence';

const STAMP = 'MM/DD/YYYY h:mm A';

/** Call Notes of the occurrence, newest first, with Add (New Call Note). */
export function CallNotesPanel({ occurrenceId }: { occurrenceId: number }) {
  const notes = useCallNotes(occurrenceId);
  const [adding, setAdding] = useState(false);

  let body;
  if (notes.isLoading) {
    body = (
      <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label="Loading" />
      </Box>
    );
  } else if (notes.isError) {
    body = <Typography color="error">{MSG.requestFailed}</Typography>;
  } else if (!notes.data?.length) {
    body = (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {NO_CALL_NOTES}
      </Typography>
    );
  } else {
    body = (
      <Stack
        component="ul"
        aria-label="Call notes"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {notes.data.map((note) => (
          <Box component="li" key={note.id} sx={{ py: 1.25 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {note.body}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {note.user_stamped.username} · {dayjs(note.created).format(STAMP)}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Panel
      title="Call Notes"
      action={
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add
        </Button>
      }
    >
      <Box sx={{ maxHeight: 380, overflowY: 'auto', pr: 0.5 }}>{body}</Box>
      {adding ? <NewCallNoteDialog occurrenceId={occurrenceId} onClose={() => setAdding(false)} /> : null}
    </Panel>
  );
}
