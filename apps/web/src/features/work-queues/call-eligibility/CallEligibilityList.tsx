import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import OrderIcon from '@mui/icons-material/AssignmentOutlined';
import NoCallIcon from '@mui/icons-material/PhoneDisabledOutlined';
import { Link as RouterLink, Outlet } from 'react-router';
import {
  alertColor,
  approvalIsToggle,
  formatDisplayDate,
  OPERATIONS_MESSAGES,
  type CallEligibilityRow,
  type CallEligibilityUpdateBody,
  upcomingWorkDates,
} from '@dme/shared';
import { HoldIndicator } from '@/components/HoldIndicator.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { getCallEligibility, type CallEligibilityFilters } from '../api/get-call-eligibility.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateCallEligibility } from '../api/update-call-eligibility.ts';
import { FacilitySelect } from '../filters/FacilitySelect.tsx';
import { dosColumn, patientNameColumn, rowLabel } from '../columns.tsx';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { whenRunnable } from '../filters/use-date-gate.ts';
import { useQueueList, useSavingSwitches } from '../filters/use-queue-list.ts';
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
  const update = useUpdateCallEligibility();
  const switches = useSavingSwitches();

  const { list, gate, view, filterFields } = useQueueList<CallEligibilityRow, CallEligibilityFilters>({
    queryKey: workQueuesKeys.callEligibility(),
    fetcher: fetchCallEligibility,
    // Opens on the work still to do; dates the user chose and the list saved win (persistKey).
    filters: { ...DEFAULT_FILTERS, ...upcomingWorkDates() },
    dailyFilters: ['start_date', 'end_date'],
    datesRequired: false,
    failureMessage: OPERATIONS_MESSAGES.dateFilterFailed,
    persistKey: CALL_ELIGIBILITY_PERSIST_KEY,
  });
  const { filters, setFilters } = list;

  const toggle = (row: CallEligibilityRow, field: Toggle, name: string) => (
    <Switch
      size="small"
      checked={row[field]}
      disabled={switches.isSaving(`${row.id}:${field}`)}
      onChange={(_event, checked) =>
        void switches.save(`${row.id}:${field}`, () => update.mutateAsync({ id: row.id, body: { [field]: checked } }))
      }
      slotProps={{ input: { 'aria-label': `${name} ${rowLabel(row)}` } }}
    />
  );

  const columns: Column<CallEligibilityRow>[] = [
    patientNameColumn(),
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
    dosColumn(),
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
      id: 'hold',
      header: 'Hold',
      align: 'center',
      render: (row) => <HoldIndicator holds={row.holds} hold_release={row.hold_release} />,
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
            aria-label={`Order ${rowLabel(row)}`}
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
              aria-label={`No call before delivery ${rowLabel(row)}`}
              aria-hidden={false}
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Call Patient w Eligibility" breadcrumbs={breadcrumbs} />
      <DenseServerTable
        list={view}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems={OPERATIONS_MESSAGES.emptyCallPatients}
        label="Call Patient w Eligibility"
        filters={
          <OccurrenceFilterFields {...filterFields}>
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
