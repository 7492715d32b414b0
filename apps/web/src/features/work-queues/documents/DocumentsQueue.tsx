import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  formatDisplayDate,
  fullName,
  OPERATIONS_MESSAGES,
  upcomingWorkDates,
  type DocumentsQueueRow,
} from '@dme/shared';
import { HoldIndicator } from '@/components/HoldIndicator.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { getDocumentsQueue, type DocumentsQueueFilters } from '../api/get-documents-queue.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { FacilitySelect } from '../filters/FacilitySelect.tsx';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { whenRunnable } from '../filters/use-date-gate.ts';
import { useQueueList } from '../filters/use-queue-list.ts';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Documents' }];

const DEFAULT_FILTERS: DocumentsQueueFilters = { start_date: null, end_date: null, state: null, facility: 'All' };

const fetchDocumentsQueue = whenRunnable(getDocumentsQueue, false);

const columns: Column<DocumentsQueueRow>[] = [
  {
    id: 'patient',
    header: 'Patient Name',
    sortField: 'patient_name',
    render: (row) => <RowLink to={paths.patients.documents(row.patient.id)}>{fullName(row.patient)}</RowLink>,
  },
  {
    id: 'date',
    header: 'Date',
    sortField: 'date',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => formatDisplayDate(row.date),
  },
  {
    id: 'what',
    header: 'What',
    cellSx: { minWidth: 220 },
    render: (row) => row.description,
  },
  {
    id: 'order',
    header: 'Order',
    render: (row) =>
      row.order ? (
        <Link component={RouterLink} to={paths.orders.edit.url(row.order.id)} underline="hover">
          #{row.order.id}
          {row.order.name ? ` ${row.order.name}` : ''}
        </Link>
      ) : (
        <Typography variant="body2" component="span" color="text.secondary">
          -
        </Typography>
      ),
  },
  {
    id: 'hold',
    header: 'Hold',
    align: 'center',
    render: (row) => <HoldIndicator holds={row.holds} />,
  },
];

/**
 * /documents-queue/ (issue 34): documents running out in the next 30 days and occurrences on hold
 * in the range, by patient, each leading to the patient's Documents tab. Opens on today and the
 * next 30 days; the filters start over each visit, as Expirations'.
 */
export function DocumentsQueue() {
  const { list, view, filterFields } = useQueueList<DocumentsQueueRow, DocumentsQueueFilters>({
    queryKey: workQueuesKeys.documents(),
    fetcher: fetchDocumentsQueue,
    filters: { ...DEFAULT_FILTERS, ...upcomingWorkDates() },
    ordering: 'patient_name',
    datesRequired: false,
    failureMessage: OPERATIONS_MESSAGES.dateFilterFailed,
  });
  const { filters, setFilters } = list;

  return (
    <>
      <PageHeader title="Documents" breadcrumbs={breadcrumbs} />
      <DenseServerTable
        list={view}
        columns={columns}
        getRowId={(row) => `${row.kind}-${row.id}`}
        emptyItems="DOCUMENTS OR HOLDS"
        label="Documents"
        filters={
          <OccurrenceFilterFields {...filterFields}>
            <FacilitySelect value={filters.facility} onChange={(facility) => setFilters({ facility })} />
          </OccurrenceFilterFields>
        }
      />
    </>
  );
}
