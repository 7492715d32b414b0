import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PATIENT_MESSAGES, type PatientDiagnosis } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteDiagnosis, useSaveDiagnosis } from '../api/diagnoses.ts';
import { EntryList, EntryRow } from './EntryRow.tsx';
import { RowActions } from './RowActions.tsx';
import { EmptyLine, Section } from './Section.tsx';
import { TextEntryDialog } from './TextEntryDialog.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

/** The patient's diagnosis entries: new, edit and delete, each saved at once. */
export function DiagnosisList({ patientId, diagnoses }: { patientId: number; diagnoses: PatientDiagnosis[] }) {
  const notify = useNotify();
  const save = useSaveDiagnosis(patientId);
  const remove = useDeleteDiagnosis(patientId);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<{ diagnosis?: PatientDiagnosis } | null>(null);

  const askDelete = (diagnosis: PatientDiagnosis) =>
    confirm.ask(async () => {
      try {
        await remove.mutateAsync(diagnosis.id);
        notify.success(PATIENT_MESSAGES.diagnosisDeleted);
      } catch {
        notify.error(PATIENT_MESSAGES.requestFailed);
      }
    }, diagnosis.text);

  return (
    <Section
      title="Diagnosis"
      action={
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          New Diagnosis
        </Button>
      }
    >
      {diagnoses.length === 0 ? (
        <EmptyLine>No diagnosis entries yet.</EmptyLine>
      ) : (
        <EntryList label="Diagnosis entries">
          {diagnoses.map((diagnosis, index) => (
            <EntryRow
              key={diagnosis.id}
              text={diagnosis.text}
              actions={
                <RowActions
                  name={`diagnosis ${index + 1}`}
                  onEdit={() => setEditing({ diagnosis })}
                  onDelete={() => askDelete(diagnosis)}
                />
              }
            />
          ))}
        </EntryList>
      )}
      {editing ? (
        <TextEntryDialog
          title={editing.diagnosis ? 'Edit Diagnosis' : 'New Diagnosis'}
          label="Diagnosis"
          initialText={editing.diagnosis?.text}
          onSave={(text) => save.mutateAsync({ id: editing.diagnosis?.id, body: { text } })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirm.dialog}
    </Section>
  );
}
