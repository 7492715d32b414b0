import Typography from '@mui/material/Typography';
import { formatDisplayDate, fullName } from '@dme/shared';
import type { Column } from '@/components/server-table/index.ts';

/** What the occurrence queues' rows share: the occurrence's date and its order with the patient. */
interface QueueRow {
  id: number;
  date: string;
  order: { id: number; patient: { first_name: string; last_name: string } };
}

/** A row's name for screen readers: the patient and the DOS ("Ann Lee 11/23/2026"). */
export const rowLabel = (row: QueueRow) => `${fullName(row.order.patient)} ${formatDisplayDate(row.date)}`;

export function patientNameColumn<T extends QueueRow>(): Column<T> {
  return {
    id: 'patient',
    header: 'Patient Name',
    sortField: 'patient_name',
    render: (row) => (
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {fullName(row.order.patient)}
      </Typography>
    ),
  };
}

export function dosColumn<T extends QueueRow>(): Column<T> {
  return { id: 'date', header: 'DOS', sortField: 'date', render: (row) => formatDisplayDate(row.date) };
}

/** Order Number and DOS, sortable, as Call Patients and Check Eligibility end their rows. */
export function orderAndDosColumns<T extends QueueRow>(): Column<T>[] {
  return [
    { id: 'order', header: 'Order Number', sortField: 'order', align: 'right', render: (row) => row.order.id },
    dosColumn<T>(),
  ];
}
