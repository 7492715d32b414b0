import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PATIENT_MESSAGES } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteInsurance, useSaveInsurance } from '../api/insurances.ts';
import { InsuranceDialog } from './InsuranceDialog.tsx';
import { priorityLabel, type InsuranceRecord } from './insurance-form.ts';
import { RowActions } from './RowActions.tsx';
import { EmptyLine, Section } from './Section.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

type Editing = { insurance?: InsuranceRecord } | null;

interface InsuranceListProps {
  patientId: number;
  insurances: InsuranceRecord[];
  /** An insurance whose edit dialog opens at once (a deep link's `?insurance=`). */
  openId?: number | null;
}

/** The patient's insurances: add, edit and delete, each saved at once. */
export function InsuranceList({ patientId, insurances, openId }: InsuranceListProps) {
  const notify = useNotify();
  const save = useSaveInsurance(patientId);
  const remove = useDeleteInsurance(patientId);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<Editing>(() => {
    const linked = insurances.find((insurance) => insurance.id === openId);
    return linked ? { insurance: linked } : null;
  });

  const askDelete = (insurance: InsuranceRecord) =>
    confirm.ask(async () => {
      try {
        await remove.mutateAsync(insurance.id);
        notify.success(PATIENT_MESSAGES.insuranceRemoved);
      } catch {
        notify.error(PATIENT_MESSAGES.requestFailed);
      }
    }, `${insurance.name} (${insurance.policy_number})`);

  const columns: Column<InsuranceRecord>[] = [
    {
      id: 'priority',
      header: 'Priority',
      // Primary first; an insurance without a priority after the others.
      sortValue: (insurance) => insurance.priority ?? 9,
      render: (insurance) => priorityLabel(insurance.priority),
      width: 100,
    },
    { id: 'name', header: 'Name', sortValue: (insurance) => insurance.name, render: (insurance) => insurance.name },
    {
      id: 'payer',
      header: 'Payer',
      sortValue: (insurance) => insurance.payer?.name ?? '',
      render: (insurance) => insurance.payer?.name ?? '',
    },
    {
      id: 'policy_number',
      header: 'Policy Number',
      sortValue: (insurance) => insurance.policy_number,
      render: (insurance) => insurance.policy_number,
      cellSx: { fontVariantNumeric: 'tabular-nums' },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 90,
      cellSx: { py: 0.25 },
      render: (insurance) => (
        <RowActions
          name={`insurance ${insurance.name}`}
          onEdit={() => setEditing({ insurance })}
          onDelete={() => askDelete(insurance)}
        />
      ),
    },
  ];

  return (
    <Section
      title="Insurances"
      field="insurances"
      action={
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          Add Insurance
        </Button>
      }
    >
      {insurances.length === 0 ? (
        <EmptyLine>No insurances yet.</EmptyLine>
      ) : (
        <DataTable rows={insurances} columns={columns} emptyItems="INSURANCES" label="Insurances" framed={false} />
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
