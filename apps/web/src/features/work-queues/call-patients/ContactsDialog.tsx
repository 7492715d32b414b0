import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ContactPerson } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';

type ContactRow = ContactPerson & { id: number };

const columns: Column<ContactRow>[] = [
  { id: 'name', header: 'Name', render: (c) => c.contact_name || '-' },
  { id: 'phone', header: 'Phone', render: (c) => c.contact_number || '-' },
  { id: 'relation', header: 'Relation', render: (c) => c.contact_relation || '-' },
];

interface ContactsDialogProps {
  patientName: string;
  contacts: ContactPerson[];
  onClose: () => void;
}

/** Every contact person of a patient (opened by "show more" when there are two or more). */
export function ContactsDialog({ patientName, contacts, onClose }: ContactsDialogProps) {
  const titleId = useId();
  const rows = contacts.map((contact, index) => ({ ...contact, id: index }));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        Contacts
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        {patientName}
      </Typography>
      <DialogContent>
        <DataTable rows={rows} columns={columns} emptyItems="CONTACTS" label="Contacts" framed={false} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
