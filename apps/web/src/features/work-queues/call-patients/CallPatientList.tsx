import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, Outlet } from 'react-router';
import { fullName, OPERATIONS_MESSAGES, type CallCustomerRow, upcomingWorkDates } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { getCallPatients, type OccurrenceFilters } from '../api/get-call-patients.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateCallPatient } from '../api/update-call-patient.ts';
import { orderAndDosColumns, patientNameColumn, rowLabel } from '../columns.tsx';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { whenRunnable } from '../filters/use-date-gate.ts';
import { useQueueList, useSavingSwitches } from '../filters/use-queue-list.ts';
import { ContactsDialog } from './ContactsDialog.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Call Patients' }];

const DEFAULT_FILTERS: OccurrenceFilters = { start_date: null, end_date: null, state: null };

/** Filters survive a reload under this key and are cleared at Log Out (spec part 1 section 4). */
export const CALL_PATIENTS_PERSIST_KEY = 'call-patients';

const fetchCallPatients = whenRunnable(getCallPatients, false);

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Show detail and Patient Approved stay in view side by side when the table scrolls sideways. */
const APPROVED_WIDTH = 84;

/** /call-customers/: occurrences to call about, with phones, contacts and the Patient Approved switch. */
export function CallPatientList() {
  const update = useUpdateCallPatient();
  const switches = useSavingSwitches();
  const [contactsOf, setContactsOf] = useState<CallCustomerRow | null>(null);

  const { view, filterFields } = useQueueList<CallCustomerRow, OccurrenceFilters>({
    queryKey: workQueuesKeys.callPatients(),
    fetcher: fetchCallPatients,
    // Opens on the work still to do; dates the user chose and the list saved win (persistKey).
    filters: { ...DEFAULT_FILTERS, ...upcomingWorkDates() },
    dailyFilters: ['start_date', 'end_date'],
    datesRequired: false,
    failureMessage: OPERATIONS_MESSAGES.dateFilterFailed,
    persistKey: CALL_PATIENTS_PERSIST_KEY,
  });

  const columns: Column<CallCustomerRow>[] = [
    patientNameColumn(),
    { id: 'state', header: 'Address State', sortField: 'state', render: (row) => row.order.patient.state?.name ?? '-' },
    {
      id: 'phone',
      header: 'Phone Number',
      render: (row) => <span style={nowrap}>{row.order.patient.phone || '-'}</span>,
    },
    {
      id: 'mobile',
      header: 'Cell Phone Number',
      render: (row) => <span style={nowrap}>{row.order.patient.mobile || '-'}</span>,
    },
    {
      id: 'contact_name',
      header: 'Contact Name',
      render: (row) => {
        const contacts = row.order.patient.contact_person;
        return (
          <>
            {contacts[0]?.contact_name || '-'}
            {contacts.length >= 2 ? (
              <Button
                size="small"
                variant="text"
                onClick={() => setContactsOf(row)}
                sx={{ display: 'block', p: 0, minWidth: 0, fontWeight: 500, whiteSpace: 'nowrap', textAlign: 'left' }}
              >
                show more
              </Button>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'contact_phone',
      header: 'Contact Phone',
      render: (row) => <span style={nowrap}>{row.order.patient.contact_person[0]?.contact_number || '-'}</span>,
    },
    {
      id: 'contact_relation',
      header: 'Relation',
      render: (row) => row.order.patient.contact_person[0]?.contact_relation || '-',
    },
    ...orderAndDosColumns<CallCustomerRow>(),
    {
      id: 'detail',
      header: 'Show detail',
      pinned: true,
      width: 60,
      pinnedRight: APPROVED_WIDTH,
      align: 'center',
      render: (row) => (
        <Tooltip title="Show detail">
          <IconButton
            size="small"
            component={RouterLink}
            to={paths.callPatients.detail.url(row.id)}
            aria-label={`Show detail ${rowLabel(row)}`}
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    {
      id: 'approved',
      header: 'Patient Approved',
      align: 'center',
      pinned: true,
      width: APPROVED_WIDTH,
      render: (row) => (
        <Switch
          size="small"
          checked={row.customer_approved}
          disabled={switches.isSaving(String(row.id))}
          onChange={(_event, checked) =>
            void switches.save(String(row.id), () =>
              update.mutateAsync({ id: row.id, body: { customer_approved: checked } }),
            )
          }
          slotProps={{ input: { 'aria-label': `Patient Approved ${rowLabel(row)}` } }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Call Patients" breadcrumbs={breadcrumbs} />
      <DenseServerTable
        list={view}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems={OPERATIONS_MESSAGES.emptyCallPatients}
        label="Call Patients"
        filters={<OccurrenceFilterFields {...filterFields} />}
      />
      {contactsOf ? (
        <ContactsDialog
          patientName={fullName(contactsOf.order.patient)}
          contacts={contactsOf.order.patient.contact_person}
          onClose={() => setContactsOf(null)}
        />
      ) : null}
      <Outlet />
    </>
  );
}
