import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Switch from '@mui/material/Switch';
import {
  formatDisplayDate,
  fullName,
  OPERATIONS_MESSAGES,
  type CheckEligibilityRow,
  upcomingWorkDates,
} from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import type { OccurrenceFilters } from '../api/get-call-patients.ts';
import { getCheckEligibility, getEveryCheckEligibility } from '../api/get-check-eligibility.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateEligibility } from '../api/update-eligibility.ts';
import { orderAndDosColumns, patientNameColumn, rowLabel } from '../columns.tsx';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { whenRunnable } from '../filters/use-date-gate.ts';
import { useQueueList, useSavingSwitches } from '../filters/use-queue-list.ts';
import { InsuranceCell } from '../InsuranceCell.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Check Eligibility' }];

const DEFAULT_FILTERS: OccurrenceFilters = { start_date: null, end_date: null, state: null };

/** Filters survive a reload under this key and are cleared at Log Out (spec part 1 section 4). */
export const CHECK_ELIGIBILITY_PERSIST_KEY = 'check-eligibility';

const fetchCheckEligibility = whenRunnable(getCheckEligibility, false);
const fetchEveryCheckEligibility = whenRunnable(getEveryCheckEligibility, false);

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
  const update = useUpdateEligibility();
  const switches = useSavingSwitches();
  const [search, setSearch] = useState('');
  const [searchPage, setSearchPage] = useState(1);

  const { list, view, gate, filterFields } = useQueueList<CheckEligibilityRow, OccurrenceFilters>({
    queryKey: workQueuesKeys.checkEligibility(),
    fetcher: fetchCheckEligibility,
    // Opens on the work still to do; dates the user chose and the list saved win (persistKey).
    filters: { ...DEFAULT_FILTERS, ...upcomingWorkDates() },
    dailyFilters: ['start_date', 'end_date'],
    datesRequired: false,
    failureMessage: OPERATIONS_MESSAGES.eligibilityDateFilterFailed,
    persistKey: CHECK_ELIGIBILITY_PERSIST_KEY,
  });
  const text = search.trim().toLowerCase();
  // A search looks at every row of the filters, not only the page on screen, and pages its matches.
  const everyRequest = { ...list.request, page: 1 };
  const every = useQuery({
    queryKey: [...workQueuesKeys.checkEligibility(), 'every', everyRequest],
    queryFn: ({ signal }) => fetchEveryCheckEligibility(everyRequest, signal),
    enabled: Boolean(text) && gate.open,
  });
  const matches = useMemo(
    () => (text ? (every.data?.results ?? []).filter((row) => rowText(row).includes(text)) : []),
    [every.data, text],
  );
  const changeSearch = (value: string) => {
    setSearch(value);
    setSearchPage(1);
  };
  const shown = text
    ? {
        ...view,
        rows: matches.slice((searchPage - 1) * view.pageSize, searchPage * view.pageSize),
        count: matches.length,
        page: searchPage,
        setPage: setSearchPage,
        setPageSize: (size: number) => {
          view.setPageSize(size);
          setSearchPage(1);
        },
        isLoading: every.isLoading,
        isFetching: every.isFetching,
        isError: every.isError,
      }
    : view;

  const columns: Column<CheckEligibilityRow>[] = [
    patientNameColumn(),
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
    ...orderAndDosColumns<CheckEligibilityRow>(),
    {
      id: 'eligibility',
      header: 'Eligibility',
      align: 'center',
      render: (row) => (
        <Switch
          size="small"
          checked={row.eligibility_toggle}
          disabled={switches.isSaving(String(row.id))}
          onChange={(_event, checked) =>
            void switches.save(String(row.id), () =>
              update.mutateAsync({ id: row.id, body: { eligibility_toggle: checked } }),
            )
          }
          slotProps={{ input: { 'aria-label': `Eligibility ${rowLabel(row)}` } }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Check Eligibility" breadcrumbs={breadcrumbs} />
      <DenseServerTable
        list={{ ...shown, searchInput: search, setSearchInput: changeSearch, clearSearch: () => changeSearch('') }}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="OCCURRENCES"
        label="Check Eligibility"
        filters={<OccurrenceFilterFields {...filterFields} />}
      />
    </>
  );
}
