import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { PATIENT_MESSAGES, type PatientInsurance } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteInsurance, useSaveInsurance } from '../api/insurances.ts';
import { InsuranceDialog } from './InsuranceDialog.tsx';
import { RowActions } from './RowActions.tsx';
import { EmptyLine, Section } from './Section.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

type Editing = { insurance?: PatientInsurance } | null;

/** The patient's insurances: add, edit and delete, each saved at once. */
export function InsuranceList({ patientId, insurances }: { patientId: number; insurances: PatientInsurance[] }) {
  const notify = useNotify();
  const save = useSaveInsurance(patientId);
  const remove = useDeleteInsurance(patientId);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<Editing>(null);

  const askDelete = (insurance: PatientInsurance) =>
    confirm.ask(async () => {
      try {
        await remove.mutateAsync(insurance.id);
        notify.success(PATIENT_MESSAGES.insuranceRemoved);
      } catch {
        notify.error(PATIENT_MESSAGES.requestFailed);
      }
    }, `${insurance.name} (${insurance.policy_number})`);

  return (
    <Section
      title="Insurances"
      action={
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          Add Insurance
        </Button>
      }
    >
      {insurances.length === 0 ? (
        <EmptyLine>No insurances yet.</EmptyLine>
      ) : (
        <Table size="small" aria-label="Insurances">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Policy Number</TableCell>
              <TableCell align="right" sx={{ width: 90 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {insurances.map((insurance) => (
              <TableRow key={insurance.id} hover>
                <TableCell>{insurance.name}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{insurance.policy_number}</TableCell>
                <TableCell align="right" sx={{ py: 0.25 }}>
                  <RowActions
                    name={`insurance ${insurance.name}`}
                    onEdit={() => setEditing({ insurance })}
                    onDelete={() => askDelete(insurance)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing ? (
        <InsuranceDialog
          insurance={editing.insurance}
          onSave={(body) => save.mutateAsync({ id: editing.insurance?.id, body })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirm.dialog}
    </Section>
  );
}
