import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { CallNotesList } from '@/components/CallNotesList.tsx';
import { useCallNotes } from '@/lib/api/call-notes.ts';
import { NewCallNoteDialog } from './NewCallNoteDialog.tsx';
import { Panel } from './Panel.tsx';

const STAMP = 'MM/DD/YYYY h:mm A';

/** Call Notes of the occurrence, newest first, with Add (New Call Note). */
export function CallNotesPanel({ occurrenceId }: { occurrenceId: number }) {
  const notes = useCallNotes(occurrenceId);
  const [adding, setAdding] = useState(false);

  return (
    <Panel
      title="Call Notes"
      action={
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add
        </Button>
      }
    >
      <Box sx={{ maxHeight: 380, overflowY: 'auto', pr: 0.5 }}>
        <CallNotesList notes={notes} stampFormat={STAMP} />
      </Box>
      {adding ? <NewCallNoteDialog occurrenceId={occurrenceId} onClose={() => setAdding(false)} /> : null}
    </Panel>
  );
}
