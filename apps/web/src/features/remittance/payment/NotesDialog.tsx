import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useUpdateInvoiceNotes } from '../api/update-invoice-notes.ts';

export const INVOICE_NOTES_UPDATED = 'The invoice notes was updated succesfully';

interface NotesDialogProps {
  open: boolean;
  occurrenceId: number;
  invoiceId: number;
  officeNotes: string;
  invoiceNotes: string;
  onClose: () => void;
}

/** The occurrence's notes: Office Notes read-only, Invoice Notes editable. */
export function NotesDialog({ open, occurrenceId, invoiceId, officeNotes, invoiceNotes, onClose }: NotesDialogProps) {
  const update = useUpdateInvoiceNotes(occurrenceId);
  const save = useSubmit({ submit: update.mutateAsync, successMessage: INVOICE_NOTES_UPDATED, close: onClose });
  const [notes, setNotes] = useState(invoiceNotes);
  useEffect(() => {
    if (open) setNotes(invoiceNotes);
  }, [open, invoiceNotes]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Notes</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Office Notes"
            value={officeNotes}
            multiline
            minRows={4}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label="Invoice Notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            multiline
            minRows={4}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void save({ invoiceId, notes })}
          disabled={update.isPending || notes === invoiceNotes}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
