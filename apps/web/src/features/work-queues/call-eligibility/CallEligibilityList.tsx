import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OrderIcon from '@mui/icons-material/AssignmentOutlined';
import NoCallIcon from '@mui/icons-material/PhoneDisabledOutlined';
import { Link as RouterLink, Outlet } from 'react-router';
import {
  alertColor,
  approvalIsToggle,
  DEFAULT_OPERATIONS_ORDERING,
  formatDisplayDate,
  fullName,
  MSG,
  OPERATIONS_MESSAGES,
  type CallEligibilityRow,
  type CallEligibilityUpdateBody,
} from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { getCallEligibility, type CallEligibilityFilters } from '../api/get-call-eligibility.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateCallEligibility } from '../api/update-call-eligibility.ts';
import { FacilitySelect } from '../filters/FacilitySelect.tsx';
import { QueueTable } from '../QueueTable.tsx';
import { gatedView, useListFailureNotice } from '../filters/gated-list.ts';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { useDateGate, whenRunnable } from '../filters/use-date-gate.ts';
import { InsuranceCell } from '../InsuranceCell.tsx';
import { AlertCell } from './AlertCell.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Call Patient w Eligibility' }];

const DEFAULT_FILTERS: CallEligibilityFilters = {
  start_date: null,
  end_date: null,
  state: null,
  facility: 'All',
  hidden_completed: true,
};

/** Filters survive a reload under this key and are cleared at Log Out (spec part 1 section 4). */
export const CALL_ELIGIBILITY_PERSIST_KEY = 'call-patient-eligibility';

const fetchCallEligibility = whenRunnable(getCallEligibility, false);

type Toggle = keyof CallEligibilityUpdateBody;

/**
 * /call-customer-w-eligibility/: the morning list. Eligibility and Patient Approved save at once
 * and change the row in place; with Hide Completed on, a completed row leaves on the refetch.
 */
export function CallEligibilityList() {
  const notify = useNotify();
  const update = useUpdateCallEligibility();
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const list = useServerList<CallEligibilityRow, CallEligibilityFilters>({
    queryKey: workQueuesKeys.callEligibility(),
    fetcher: fetchCallEligibility,
    filters: DEFAULT_FILTERS,
    ordering: DEFAULT_OPERATIONS_ORDERING,
    persistKey: CALL_ELIGIBILITY_PERSIST_KEY,
  });
  const { filters, setFilters } = list;
  const gate = useDateGate(filters, false);
  useListFailureNotice(list.isError, OPERATIONS_MESSAGES.dateFilterFailed);

  const save = async (row: CallEligibilityRow, field: Toggle, value: boolean) => {
    const key = `${row.id}:${field}`;
    setSaving((keys) => new Set(keys).add(key));
    try {
      await update.mutateAsync({ id: row.id, body: { [field]: value } });
      notify.success(OPERATIONS_MESSAGES.occurrenceUpdated);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setSaving((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };

  const label = (row: CallEligibilityRow) => `${fullName(row.order.patient)} ${formatDisplayDate(row.date)}`;

  const toggle = (row: CallEligibilityRow, field: Toggle, name: string) => (
    <Switch
      size="small"
      checked={row[field]}
      disabled={saving.has(`${row.id}:${field}`)}
      onChange={(_event, checked) => void save(row, field, checked)}
      slotProps={{ input: { 'aria-label': `${name} ${label(row)}` } }}
    />
  );

  const columns: Column<CallEligibilityRow>[] = [
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
    {
      id: 'state',
      header: 'St',
      sortField: 'state',
      render: (row) => {
        const state = row.order.patient.state;
        if (!state) return '-';
        return (
          <Box component="span" title={state.name}>
            {state.abbreviation || state.name}
          </Box>
        );
      },
    },
    { id: 'date', header: 'DOS', sortField: 'date', render: (row) => formatDisplayDate(row.date) },
    {
      id: 'insurance',
      header: 'Insurance',
      render: (row) => <InsuranceCell insurances={row.order.patient.insurances} />,
    },
    {
      id: 'birthdate',
      header: 'DOB',
      sortField: 'birthdate',
      render: (row) => formatDisplayDate(row.order.patient.birthdate) || '-',
    },
    {
      id: 'alert',
      header: 'Alert',
      align: 'center',
      render: (row) => <AlertCell color={alertColor(row, row.date, gate.range)} />,
    },
    {
      id: 'order',
      header: 'Order',
      align: 'center',
      render: (row) => (
        <Tooltip title={`Order #${row.order.id}`}>
          <IconButton
            size="small"
            component={RouterLink}
            to={paths.callPatientsWithEligibility.detail.url(row.id)}
            aria-label={`Order ${label(row)}`}
          >
            <OrderIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    {
      id: 'eligibility',
      header: 'Eligibility',
      align: 'center',
      render: (row) => toggle(row, 'eligibility_toggle', 'Eligibility'),
    },
    {
      id: 'approved',
      header: 'Patient Approved',
      align: 'center',
      render: (row) =>
        approvalIsToggle(row.order.patient) ? (
          toggle(row, 'customer_approved', 'Patient Approved')
        ) : (
          <Tooltip title="No call before delivery">
            <NoCallIcon
              fontSize="small"
              color="disabled"
              role="img"
              aria-label={`No call before delivery ${label(row)}`}
              aria-hidden={false}
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Call Patient w Eligibility" breadcrumbs={breadcrumbs} />
      <QueueTable
        list={gatedView(list, gate)}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems={OPERATIONS_MESSAGES.emptyCallPatients}
        label="Call Patient w Eligibility"
        filters={
          <OccurrenceFilterFields
            start_date={filters.start_date}
            end_date={filters.end_date}
            state={filters.state}
            gate={gate}
            onChange={setFilters}
          >
            <FacilitySelect value={filters.facility} onChange={(facility) => setFilters({ facility })} />
            <FormControlLabel
              label="Hide Completed"
              control={
                <Switch
                  checked={filters.hidden_completed}
                  onChange={(_event, checked) => setFilters({ hidden_completed: checked })}
                />
              }
            />
          </OccurrenceFilterFields>
        }
      />
      <Outlet />
    </>
  );
}
