import Typography from '@mui/material/Typography';
import { activitySentence, type PatientActivity } from '@dme/shared';
import { ServerTable, type Column } from '@/components/server-table/index.ts';
import { usePatientActivity } from '../api/get-patient-activity.ts';
import { activityStamp } from './activity-stamp.ts';

const columns: Column<PatientActivity>[] = [
  {
    id: 'at',
    header: 'Date',
    width: 170,
    render: (entry) => activityStamp(entry.at),
    cellSx: { whiteSpace: 'nowrap', color: 'text.secondary' },
  },
  { id: 'activity', header: 'Activity', render: (entry) => activitySentence(entry) },
];

/**
 * The Activity tab of Edit Patient (administrators only): who viewed or changed the record and its
 * lists, and when, newest first, a page at a time (HIPAA 164.312(b) audit controls).
 */
export function ActivityTab({ patientId }: { patientId: number }) {
  const list = usePatientActivity(patientId);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Who viewed or changed this patient, newest first.
      </Typography>
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(entry) => entry.id}
        emptyItems="ACTIVITY ENTRIES"
        hideSearch
        label="Activity"
      />
    </>
  );
}
