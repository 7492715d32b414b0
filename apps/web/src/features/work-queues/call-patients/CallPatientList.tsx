import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, Outlet } from 'react-router';
import {
  DEFAULT_OPERATIONS_ORDERING,
  formatDisplayDate,
  fullName,
  MSG,
  OPERATIONS_MESSAGES,
  type CallCustomerRow,
} from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { getCallPatients, type OccurrenceFilters } from '../api/get-call-patients.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateCallPatient } from '../api/update-call-patient.ts';
import { QueueTable } from '../QueueTable.tsx';
import { gatedView, useListFailureNotice } from '../filters/gated-list.ts';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { useDateGate, whenRunnable } from '../filters/use-date-gate.ts';
import { ContactsDialog } from './ContactsDialog.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Call Patients' }];

const DEFAULT_FILTERS: OccurrenceFilters = { start_date: null, end_date: null, state: null };

/** Filters survive a reload under this key and are cleared at Log Out (spec part 1 section 4). */
export const CALL_PATIENTS_PERSIST_KEY = 'call-patients';

const fetchCallPatients = whenRunnable(getCallPatients, false);

const nowrap = { whiteSpace: 'nowrap' } as const;

/** /call-customers/: occurrences to call about, with phones, contacts and the Patient Approved switch. */
export function CallPatientList() {
  const notify = useNotify();
  const update = useUpdateCallPatient();
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [contactsOf, setContactsOf] = useState<CallCustomerRow | null>(null);

  const list = useServerList<CallCustomerRow, OccurrenceFilters>({
    queryKey: workQueuesKeys.callPatients(),
    fetcher: fetchCallPatients,
    filters: DEFAULT_FILTERS,
    ordering: DEFAULT_OPERATIONS_ORDERING,
    persistKey: CALL_PATIENTS_PERSIST_KEY,
  });
  const { filters, setFilters } = list;
  const gate = useDateGate(filters, false);
  useListFailureNotice(list.isError, OPERATIONS_MESSAGES.dateFilterFailed);

  const setApproved = async (row: CallCustomerRow, approved: boolean) => {
    setSaving((ids) => new Set(ids).add(row.id));
    try {
      await update.mutateAsync({ id: row.id, body: { customer_approved: approved } });
      notify.success(OPERATIONS_MESSAGES.occurrenceUpdated);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setSaving((ids) => {
        const next = new Set(ids);
        next.delete(row.id);
        return next;
      });
    }
  };

  const columns: Column<CallCustomerRow>[] = [
    {
      id: 'patient',
      header: 'Patient Name',
      sortField: 'patient_name',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {fullName(row.order.patient)}
        </Typography>
      ),
    },
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
    { id: 'order', header: 'Order Number', sortField: 'order', align: 'right', render: (row) => row.order.id },
    { id: 'date', header: 'DOS', sortField: 'date', render: (row) => formatDisplayDate(row.date) },
    {
      id: 'detail',
      header: 'Show detail',
      pinned: true,
      align: 'center',
      render: (row) => (
        <Tooltip title="Show detail">
          <IconButton
            size="small"
            component={RouterLink}
            to={paths.callPatients.detail.url(row.id)}
            aria-label={`Show detail ${fullName(row.order.patient)} ${formatDisplayDate(row.date)}`}
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
      render: (row) => (
        <Switch
          size="small"
          checked={row.customer_approved}
          disabled={saving.has(row.id)}
          onChange={(_event, checked) => void setApproved(row, checked)}
          slotProps={{
            input: {
              'aria-label': `Patient Approved ${fullName(row.order.patient)} ${formatDisplayDate(row.date)}`,
            },
          }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Call Patients" breadcrumbs={breadcrumbs} />
      <QueueTable
        list={gatedView(list, gate)}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems={OPERATIONS_MESSAGES.emptyCallPatients}
        label="Call Patients"
        filters={
          <OccurrenceFilterFields
            start_date={filters.start_date}
            end_date={filters.end_date}
            state={filters.state}
            gate={gate}
            onChange={setFilters}
          />
        }
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
