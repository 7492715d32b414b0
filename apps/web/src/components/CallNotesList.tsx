import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG, type CallNote } from '@dme/shared';

export const NO_CALL_NOTES = 'There are no call notes for this occurrence';

interface CallNotesListProps {
  notes: UseQueryResult<CallNote[]>;
  /** How each note's creation is stamped under it (dayjs format). */
  stampFormat: string;
}

/** An occurrence's call notes, newest first: loading, failed, none, or the list with who and when. */
export function CallNotesList({ notes, stampFormat }: CallNotesListProps) {
  if (notes.isLoading) {
    return (
      <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label="Loading" />
      </Box>
    );
  }
  if (notes.isError) return <Typography color="error">{MSG.requestFailed}</Typography>;
  if (!notes.data?.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {NO_CALL_NOTES}
      </Typography>
    );
  }
  return (
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
            {note.user_stamped.username} · {dayjs(note.created).format(stampFormat)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
