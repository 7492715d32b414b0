import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  DEFAULT_PATIENT_ORDERING,
  DEFAULT_PATIENT_STATUS,
  formatDisplayDate,
  MSG,
  PATIENT_MESSAGES,
  PATIENT_STATUSES,
  type PatientListRow,
  type PatientStatus,
} from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column, type ListRequest } from '@/components/server-table/index.ts';
import { StatePicker } from '@/components/StatePicker.tsx';
import { paths, type PatientLinkState } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeletePatient } from '../api/delete-patient.ts';
import { usePatientStates } from '../api/get-patient-states.ts';
import { getPatients, type PatientListFilters } from '../api/get-patients.ts';
import { patientsKeys, type PatientListSource } from '../api/keys.ts';
import { PatientStatusChip } from './PatientStatusChip.tsx';

const SCREEN: Record<PatientListSource, { title: string; empty: string; linkState?: PatientLinkState }> = {
  patients: { title: 'Patients', empty: 'PATIENTS' },
  rentals: { title: 'Rentals', empty: 'RENTALS', linkState: { rentals: true } },
};

/** The first message of a 422 answer, kept to tell the user why the list is empty. */
function listErrorText(error: unknown): string | null {
  if (!isApiError(error, 422)) return null;
  const body: unknown = error.body;
  if (!isFieldErrorMap(body)) return error.message;
  return Object.entries(body)
    .map(([field, messages]) => `${field}: ${messages[0]}`)
    .join(' · ');
}

/**
 * /patients and /patients_rentals: the same screen over two data sources. Filters live in the
 * screen's state only, so they start over each time the screen is opened.
 */
export function PatientList({ source }: { source: PatientListSource }) {
  const screen = SCREEN[source];
  const navigate = useNavigate();
  const notify = useNotify();
  const states = usePatientStates();
  const remove = useDeletePatient();
  const [pending, setPending] = useState<PatientListRow | null>(null);

  const fetcher = useCallback(
    (request: ListRequest & PatientListFilters, signal: AbortSignal) => getPatients(source, request, signal),
    [source],
  );
  const filters = useMemo<PatientListFilters>(() => ({ state: null, status: DEFAULT_PATIENT_STATUS }), []);
  const list = useServerList<PatientListRow, PatientListFilters>({
    queryKey: patientsKeys.list(source),
    fetcher,
    filters,
    ordering: DEFAULT_PATIENT_ORDERING,
    onLoadError: () => void navigate(paths.notFound, { replace: true }),
  });
  const errorText = list.isError ? listErrorText(list.error) : null;

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(PATIENT_MESSAGES.deleted);
    } catch {
      notify.error(PATIENT_MESSAGES.deleteRefused);
    } finally {
      setPending(null);
    }
  };

  const columns: Column<PatientListRow>[] = [
    { id: 'first_name', header: 'First Name', sortField: 'first_name', render: (p) => p.first_name },
    { id: 'last_name', header: 'Last Name', sortField: 'last_name', render: (p) => p.last_name },
    {
      id: 'birthdate',
      header: 'DOB',
      sortField: 'birthdate',
      render: (p) => formatDisplayDate(p.birthdate) || '-',
      width: 110,
    },
    { id: 'city', header: 'City', sortField: 'city', render: (p) => p.city || '-' },
    { id: 'state', header: 'State', sortField: 'state', render: (p) => p.state?.name ?? '-' },
    { id: 'phone', header: 'Primary Phone', sortField: 'phone', render: (p) => p.phone || '-', width: 140 },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      render: (p) => <PatientStatusChip status={p.status} />,
      width: 110,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 100,
      cellSx: { whiteSpace: 'nowrap' },
      render: (p) => {
        const name = `${p.first_name} ${p.last_name}`;
        return (
          <>
            <Tooltip title="Edit">
              <IconButton
                component={RouterLink}
                to={paths.patients.edit.url(p.id)}
                state={screen.linkState}
                size="small"
                aria-label={`Edit ${name}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={() => setPending(p)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={screen.title}
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: screen.title }]}
        actions={
          <Button
            component={RouterLink}
            to={paths.patients.create}
            state={screen.linkState}
            variant="contained"
            startIcon={<AddIcon />}
          >
            New Patient
          </Button>
        }
      />
      {errorText ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MSG.requestFailed} {errorText}
        </Alert>
      ) : null}
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(p) => p.id}
        emptyItems={screen.empty}
        label={screen.title}
        filters={
          <>
            <Box sx={{ width: { xs: '100%', sm: 220 } }}>
              <StatePicker
                label="State"
                options={states.data ?? []}
                value={list.filters.state}
                onChange={(state) => list.setFilter('state', state)}
              />
            </Box>
            <TextField
              select
              label="Status"
              value={list.filters.status}
              onChange={(event) => list.setFilter('status', event.target.value as PatientStatus)}
              sx={{ width: 150 }}
            >
              {PATIENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {status}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={
          pending
            ? `${pending.first_name} ${pending.last_name} will be removed with the patient's insurances, notes and attachments.`
            : undefined
        }
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

export function PatientListScreen() {
  return <PatientList key="patients" source="patients" />;
}

export function RentalsListScreen() {
  return <PatientList key="rentals" source="rentals" />;
}
