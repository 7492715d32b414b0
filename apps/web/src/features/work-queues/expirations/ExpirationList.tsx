import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/EditOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import {
  expirationColor,
  formatDisplayDate,
  fullName,
  isSolvedSwitchOn,
  MSG,
  OPERATIONS_MESSAGES,
  solvedSwitchPayload,
  type DateRange,
  type ExpirationRow,
} from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useExportExpirations } from '../api/export-expirations.ts';
import { getExpirations, type ExpirationFilters } from '../api/get-expirations.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { useUpdateExpiration } from '@/lib/api/expirations.ts';
import { EXPIRATION_COLOR_TEXT, rowTint, TINTS } from '../colors.ts';
import { FacilitySelect } from '../filters/FacilitySelect.tsx';
import { OccurrenceFilterFields } from '../filters/OccurrenceFilters.tsx';
import { whenRunnable } from '../filters/use-date-gate.ts';
import { useQueueList, useSavingSwitches } from '../filters/use-queue-list.ts';
import { ExpirationDialog } from './ExpirationDialog.tsx';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Expirations' }];

const DEFAULT_FILTERS: ExpirationFilters = {
  start_date: null,
  end_date: null,
  state: null,
  facility: 'All',
  waiver: true,
  hide_solved: false,
};

// Both dates are required: without them nothing is fetched.
const fetchExpirations = whenRunnable(getExpirations, true);

/** A dot in the row's colour, named for screen readers (the tint alone says nothing to them). */
function ColorDot({ color }: { color: ExpirationRow['color'] }) {
  const text = EXPIRATION_COLOR_TEXT[color];
  return (
    <Box
      component="span"
      role="img"
      aria-label={TINTS[color].label}
      title={text}
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: TINTS[color].accent,
        mr: 1,
        flexShrink: 0,
      }}
    />
  );
}

/**
 * /expirations/: expirations due in a date range, coloured by urgency (spec 4.1), with the
 * Solved switch, the Edit Expiration dialog and Batch print. Filters start over each visit.
 */
export function ExpirationList() {
  const notify = useNotify();
  const update = useUpdateExpiration(workQueuesKeys.expirations());
  const exporter = useExportExpirations();
  const [editing, setEditing] = useState<ExpirationRow | null>(null);

  const { list, gate, view, filterFields } = useQueueList<ExpirationRow, ExpirationFilters>({
    queryKey: workQueuesKeys.expirations(),
    fetcher: fetchExpirations,
    filters: DEFAULT_FILTERS,
    datesRequired: true,
    failureMessage: OPERATIONS_MESSAGES.dateFilterFailed,
  });
  const { filters, setFilters } = list;

  const solvedSwitches = useSavingSwitches(
    OPERATIONS_MESSAGES.expirationSolvedUpdated,
    OPERATIONS_MESSAGES.expirationUpdateFailed,
  );
  const toggleSolved = (row: ExpirationRow, range: DateRange) => {
    const payload = solvedSwitchPayload(row, range);
    if (!payload) return;
    void solvedSwitches.save(String(row.id), () => update.mutateAsync({ id: row.id, body: payload }));
  };

  const batchPrint = async () => {
    if (!gate.range) return;
    try {
      await exporter.mutateAsync({
        ...filters,
        start_date: gate.range.start,
        end_date: gate.range.end,
        search: list.search,
        ordering: list.ordering,
      });
    } catch {
      notify.error(MSG.requestFailed);
    }
  };

  const range = gate.range;
  const colorOf = (row: ExpirationRow) => (range ? expirationColor(row, range) : row.color);

  const columns: Column<ExpirationRow>[] = [
    {
      id: 'patient',
      header: 'Patient Name',
      sortField: 'patient_name',
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <ColorDot color={colorOf(row)} />
          <RowLink to={paths.patients.edit.url(row.order.patient_id)}>{fullName(row.patient)}</RowLink>
        </Box>
      ),
    },
    { id: 'dos', header: 'DOS', width: 110, render: (row) => formatDisplayDate(row.dos) || '-' },
    {
      id: 'last_service',
      header: 'Last Service Date',
      width: 140,
      render: (row) => formatDisplayDate(row.last_service?.date) || '-',
    },
    {
      id: 'note',
      header: 'Expiration Notes',
      render: (row) => (
        <Box
          component="span"
          title={row.note}
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word',
            maxWidth: 420,
          }}
        >
          {row.note || '-'}
        </Box>
      ),
    },
    {
      id: 'date',
      header: 'Expiration Date',
      sortField: 'date',
      width: 130,
      render: (row) => formatDisplayDate(row.date),
    },
    {
      id: 'solved',
      header: 'Solved',
      align: 'center',
      width: 90,
      render: (row) => {
        if (!range) return null;
        const payload = solvedSwitchPayload(row, range);
        const name = fullName(row.patient);
        const control = (
          <Switch
            size="small"
            checked={isSolvedSwitchOn(row, range)}
            disabled={payload === null || solvedSwitches.isSaving(String(row.id))}
            onChange={() => toggleSolved(row, range)}
            slotProps={{ input: { 'aria-label': `Solved ${name} ${formatDisplayDate(row.date)}` } }}
          />
        );
        // Spec 4.1: nothing can be sent when the red solve already makes the row green.
        return payload === null ? (
          <Tooltip title="Solved through its expiration date">
            <span>{control}</span>
          </Tooltip>
        ) : (
          control
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (row) => (
        <Tooltip title="Edit">
          <IconButton
            size="small"
            aria-label={`Edit expiration ${fullName(row.patient)} ${formatDisplayDate(row.date)}`}
            onClick={() => setEditing(row)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Expirations"
        breadcrumbs={breadcrumbs}
        actions={
          <Button
            variant="contained"
            startIcon={exporter.isPending ? <CircularProgress size={16} color="inherit" /> : <PrintIcon />}
            disabled={!gate.open || exporter.isPending}
            onClick={() => void batchPrint()}
          >
            Batch print
          </Button>
        }
      />
      <Tabs
        value={filters.waiver ? 'true' : 'false'}
        onChange={(_event, value: string) => setFilters({ waiver: value === 'true' })}
        aria-label="Waiver"
        sx={{ mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab label="Waiver True" value="true" />
        <Tab label="Waiver False" value="false" />
      </Tabs>
      <DenseServerTable
        list={view}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="EXPIRATIONS"
        label="Expirations"
        rowSx={(row) => rowTint(colorOf(row))}
        filters={
          <OccurrenceFilterFields {...filterFields}>
            <FacilitySelect value={filters.facility} onChange={(facility) => setFilters({ facility })} />
            <FormControlLabel
              label="Hide Solved"
              control={
                <Switch
                  checked={filters.hide_solved}
                  onChange={(_event, checked) => setFilters({ hide_solved: checked })}
                />
              }
            />
          </OccurrenceFilterFields>
        }
      />
      {editing ? <ExpirationDialog expiration={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
