import { useMemo, useState } from 'react';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_OPERATIONS_ORDERING,
  formatDisplayDate,
  fullName,
  MSG,
  OPERATIONS_MESSAGES,
  type CheckEligibilityRow,
} from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import type { OccurrenceFilters } from '../api/get-call-patients.ts';
import { getCheckEligibility } from '../api/get-check-eligibility.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateEligibility } from '../api/update-eligibility.ts';
import { QueueTable } from '../QueueTable.tsx';
import { gatedView, useListFailureNotice } from '../filters/gated-list.ts';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { useDateGate, whenRunnable } from '../filters/use-date-gate.ts';
import { InsuranceCell } from '../InsuranceCell.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Check Eligibility' }];

const DEFAULT_FILTERS: OccurrenceFilters = { start_date: null, end_date: null, state: null };

/** Filters survive a reload under this key and are cleared at Log Out (spec part 1 section 4). */
export const CHECK_ELIGIBILITY_PERSIST_KEY = 'check-eligibility';

const fetchCheckEligibility = whenRunnable(getCheckEligibility, false);

/** The texts a row shows, for the search box (spec 2.3: search works on the client side). */
function rowText(row: CheckEligibilityRow): string {
  const p = row.order.patient;
  return [
    fullName(p),
    formatDisplayDate(p.birthdate),
    p.state?.name ?? '',
    ...p.insurances.map((i) => `${i.name} - ${i.policy_number}`),
    String(row.order.id),
    formatDisplayDate(row.date),
  ]
    .join(' ')
    .toLowerCase();
}

/** /check-eligibility/: upcoming occurrences with the patient's insurances and the Eligibility switch. */
export function CheckEligibilityList() {
  const notify = useNotify();
  const update = useUpdateEligibility();
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');

  const list = useServerList<CheckEligibilityRow, OccurrenceFilters>({
    queryKey: workQueuesKeys.checkEligibility(),
    fetcher: fetchCheckEligibility,
    filters: DEFAULT_FILTERS,
    ordering: DEFAULT_OPERATIONS_ORDERING,
    persistKey: CHECK_ELIGIBILITY_PERSIST_KEY,
  });
  const { filters, setFilters } = list;
  const gate = useDateGate(filters, false);
  useListFailureNotice(list.isError, OPERATIONS_MESSAGES.eligibilityDateFilterFailed);

  const view = gatedView(list, gate);
  const text = search.trim().toLowerCase();
  const rows = useMemo(
    () => (text ? view.rows.filter((row) => rowText(row).includes(text)) : view.rows),
    [view.rows, text],
  );

  const setEligible = async (row: CheckEligibilityRow, eligible: boolean) => {
    setSaving((ids) => new Set(ids).add(row.id));
    try {
      await update.mutateAsync({ id: row.id, body: { eligibility_toggle: eligible } });
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

  const columns: Column<CheckEligibilityRow>[] = [
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
      id: 'birthdate',
      header: 'Date of Birth',
      sortField: 'birthdate',
      render: (row) => formatDisplayDate(row.order.patient.birthdate) || '-',
    },
    { id: 'state', header: 'Address State', sortField: 'state', render: (row) => row.order.patient.state?.name ?? '-' },
    {
      id: 'insurance',
      header: 'Insurance Name - Policy Number',
      render: (row) => <InsuranceCell insurances={row.order.patient.insurances} />,
    },
    { id: 'order', header: 'Order Number', sortField: 'order', align: 'right', render: (row) => row.order.id },
    { id: 'date', header: 'DOS', sortField: 'date', render: (row) => formatDisplayDate(row.date) },
    {
      id: 'eligibility',
      header: 'Eligibility',
      align: 'center',
      render: (row) => (
        <Switch
          size="small"
          checked={row.eligibility_toggle}
          disabled={saving.has(row.id)}
          onChange={(_event, checked) => void setEligible(row, checked)}
          slotProps={{
            input: { 'aria-label': `Eligibility ${fullName(row.order.patient)} ${formatDisplayDate(row.date)}` },
          }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Check Eligibility" breadcrumbs={breadcrumbs} />
      <QueueTable
        list={{ ...view, rows, searchInput: search, setSearchInput: setSearch, clearSearch: () => setSearch('') }}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="OCCURRENCES"
        label="Check Eligibility"
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
    </>
  );
}
