import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PATIENT_MESSAGES } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteDiagnosis, useSaveDiagnosis } from '../api/diagnoses.ts';
import { DiagnosisDialog } from './DiagnosisDialog.tsx';
import type { DiagnosisRecord } from './diagnosis-form.ts';
import { EntryList, EntryRow } from './EntryRow.tsx';
import { RowActions } from './RowActions.tsx';
import { EmptyLine, Section } from './Section.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

/** The patient's diagnosis entries with their ICD-10 codes: new, edit and delete, each saved at once. */
export function DiagnosisList({ patientId, diagnoses }: { patientId: number; diagnoses: DiagnosisRecord[] }) {
  const notify = useNotify();
  const save = useSaveDiagnosis(patientId);
  const remove = useDeleteDiagnosis(patientId);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<{ diagnosis?: DiagnosisRecord } | null>(null);

  const askDelete = (diagnosis: DiagnosisRecord) =>
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
      field="diagnosis"
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
              code={diagnosis.code}
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
        <DiagnosisDialog
          diagnosis={editing.diagnosis}
          onSave={(body) => save.mutateAsync({ id: editing.diagnosis?.id, body })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirm.dialog}
    </Section>
  );
}
