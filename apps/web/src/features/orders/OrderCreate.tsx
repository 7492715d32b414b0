import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ORDER_MESSAGES, type PatientPickerRow } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { fromPatientOf, paths, type OrderLinkState } from '@/config/paths.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateOrder } from './api/create-order.ts';
import { BackToPatient } from './BackToPatient.tsx';
import { useDeliveries, useOrderStatuses } from './api/get-lookups.ts';
import { usePatientName } from '@/lib/api/patients.ts';
import { NotesFields } from './NotesFields.tsx';
import { OrderFields } from './OrderFields.tsx';
import { emptyOrderValues, ORDER_FIELD_NAMES, useOrderForm } from './order-form.ts';
import { ORDER_TABS } from './order-tabs.ts';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Orders', to: paths.orders.list },
  { label: 'Create Order' },
];
const NOTES_TAB = ORDER_TABS.indexOf('Notes');

function CreateOrderForm({ patient, fromPatient }: { patient: PatientPickerRow | null; fromPatient: number | null }) {
  const navigate = useNavigate();
  const statuses = useOrderStatuses();
  const deliveries = useDeliveries();
  const create = useCreateOrder();
  const form = useOrderForm(emptyOrderValues(patient));
  const { control, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const [tab, setTab] = useState(NOTES_TAB);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => create.mutateAsync(body),
    successMessage: ORDER_MESSAGES.created,
    fields: Object.values(ORDER_FIELD_NAMES),
    fieldNames: ORDER_FIELD_NAMES,
    redirect: {
      navigate,
      guard,
      to: (order) => paths.orders.edit.url(order.id),
      state: fromPatient ? ({ fromPatient } satisfies OrderLinkState) : undefined,
    },
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Create Order">
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <OrderFields
            control={control}
            statuses={statuses.data ?? []}
            deliveries={deliveries.data ?? []}
            patientLocked={fromPatient !== null}
            showExpiredAt
          />
        </Paper>
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_event, next: number) => setTab(next)}
            variant="scrollable"
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {ORDER_TABS.map((label, index) => (
              <Tab key={label} label={label} value={index} disabled={index !== NOTES_TAB} />
            ))}
          </Tabs>
          <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }} role="tabpanel" aria-label="Notes">
            <Alert severity="info" variant="outlined">
              Products, services and expirations can be added once the order is created.
            </Alert>
            <NotesFields register={form.register} errors={formState.errors} />
          </Stack>
        </Paper>
        <FormActions control={control} submitLabel="Create Order" loading={statuses.isLoading || deliveries.isLoading}>
          <Button
            component={RouterLink}
            to={fromPatient ? paths.patients.edit.url(fromPatient) : paths.orders.list}
            color="inherit"
          >
            Cancel
          </Button>
        </FormActions>
      </Stack>
      {guard.dialog}
    </>
  );
}

/** /orders/create (router state {fromPatient} preselects and locks that patient). */
export function OrderCreate() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromPatient = fromPatientOf(location.state);
  const patient = usePatientName(fromPatient);
  useEffect(() => {
    if (patient.isError) void navigate(paths.notFound, { replace: true });
  }, [patient.isError, navigate]);

  return (
    <>
      <PageHeader
        title="Create Order"
        breadcrumbs={breadcrumbs}
        actions={fromPatient ? <BackToPatient patientId={fromPatient} /> : undefined}
      />
      {fromPatient && !patient.data ? (
        <PageLoading />
      ) : (
        <CreateOrderForm key={fromPatient ?? 0} patient={patient.data ?? null} fromPatient={fromPatient} />
      )}
    </>
  );
}
