import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_ROLE_ID, PATIENT_MESSAGES, type Patient } from '@dme/shared';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths, type PatientLinkState } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useFieldFocus } from '@/lib/use-field-focus.ts';
import { parseIdParam, useIdParam } from '@/lib/use-id-param.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { usePatient } from '@/lib/api/patients.ts';
import { useUpdatePatient } from './api/update-patient.ts';
import { ActivityTab } from './edit/ActivityTab.tsx';
import { AttachmentsTab } from './edit/AttachmentsTab.tsx';
import { DocumentsTab } from './edit/documents/DocumentsTab.tsx';
import { InsurancesTab } from './edit/InsurancesTab.tsx';
import { RentalsTab } from './edit/RentalsTab.tsx';
import { TagsTab } from './edit/TagsTab.tsx';
import { AddressFields } from './form/AddressFields.tsx';
import { FormBar } from './form/FormBar.tsx';
import { errorFieldNames, patientToFormValues, toPatchBody } from './form/patient-form.ts';
import { PatientFields } from './form/PatientFields.tsx';
import { SideTabs } from './form/SideTabs.tsx';
import { tabHasError, tabOfField, type PatientTabName } from './form/tab-of-field.ts';
import { usePatientForm } from './form/use-patient-form.ts';
import { backToList, readLinkState } from './link-state.ts';
import { PatientOrdersTab } from './orders-tab/PatientOrdersTab.tsx';

/** The seven tabs of Edit Patient, in the spec's order (tab 4 is empty there). */
const EDIT_TABS = ['Address', 'General Notes', 'Orders', 'Insurances', 'Other', 'Attachments', 'Tags'] as const;
const EDIT_TAB_INDEX: Partial<Record<PatientTabName, number>> = { address: 0, notes: 1, physician: 3 };
const INSURANCES_TAB = 3;
/** Issue 34's Documents tab, after Rentals (issue 33), which follows the spec's seven. */
const DOCUMENTS_TAB = 8;

/**
 * The tab a deep link opens (the claim scrubber's links, the Documents queue's): `?tab=address`,
 * `?tab=insurances` or `?tab=documents`, a linked insurance (`?insurance=`), else the tab that
 * shows `?field=`.
 */
function linkedTab(params: URLSearchParams): number {
  const tab = params.get('tab');
  if (tab === 'address') return 0;
  if (tab === 'documents') return DOCUMENTS_TAB;
  if (tab === 'insurances' || params.has('insurance')) return INSURANCES_TAB;
  const field = params.get('field');
  if (field === null) return 0;
  if (field === 'diagnosis' || field === 'insurances') return INSURANCES_TAB;
  return EDIT_TAB_INDEX[tabOfField(field)] ?? 0;
}

function EditPatientForm({ patient, linkState }: { patient: Patient; linkState: PatientLinkState }) {
  const update = useUpdatePatient(patient.id);
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => linkedTab(params));
  const linkedInsurance = parseIdParam(params.get('insurance') ?? undefined);
  // ?field=physician_npi, ?insurance=9&field=policy_number ...: that field in view and focused.
  useFieldFocus();
  // Who viewed or changed the record: for administrators, as the server's 403 says for others.
  const showActivity = useSession().role_id === ADMIN_ROLE_ID;
  const { form, birthdateInvalid } = usePatientForm(patientToFormValues(patient));
  const { control, register, reset, getValues, formState } = form;
  const { errors } = formState;
  const guard = useLeaveGuard(formState.isDirty);
  const back = backToList(linkState);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(toPatchBody(body)),
    successMessage: PATIENT_MESSAGES.updated,
    errorMessage: PATIENT_MESSAGES.requestFailed,
    fields: () => errorFieldNames(getValues('contact_person').length),
    onFieldErrors: (fields) => {
      const index = fields.map((f) => EDIT_TAB_INDEX[tabOfField(f)]).find((i) => i !== undefined);
      if (index !== undefined) setTab(index);
    },
    onSuccess: (saved) => reset(patientToFormValues(saved)),
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit Patient">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
              Patient
            </Typography>
            <PatientFields mode="edit" control={control} register={register} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <SideTabs
            label="Patient details"
            value={tab}
            onChange={setTab}
            tabs={[
              {
                label: EDIT_TABS[0],
                keepMounted: true,
                error: tabHasError('address', errors),
                content: <AddressFields control={control} register={register} />,
              },
              {
                label: EDIT_TABS[1],
                keepMounted: true,
                error: tabHasError('notes', errors),
                content: (
                  <TextField
                    {...register('notes')}
                    label="General Notes"
                    multiline
                    minRows={12}
                    maxRows={30}
                    error={Boolean(errors.notes)}
                    helperText={errors.notes?.message}
                  />
                ),
              },
              { label: EDIT_TABS[2], content: <PatientOrdersTab patientId={patient.id} /> },
              {
                label: EDIT_TABS[3],
                keepMounted: true,
                error: tabHasError('physician', errors),
                content: (
                  <InsurancesTab
                    patient={patient}
                    control={control}
                    register={register}
                    openInsuranceId={linkedInsurance}
                  />
                ),
              },
              // Tab 4 is empty in the spec: kept in its place so the later tabs keep their numbers.
              { label: EDIT_TABS[4], disabled: true },
              {
                label: EDIT_TABS[5],
                content: <AttachmentsTab patientId={patient.id} attachments={patient.attachments} />,
              },
              { label: EDIT_TABS[6], content: <TagsTab patientId={patient.id} tags={patient.tags} /> },
              // Issue 33, after the spec's tabs so theirs keep their numbers.
              { label: 'Rentals', content: <RentalsTab patientId={patient.id} /> },
              {
                label: 'Documents',
                content: (
                  <DocumentsTab patientId={patient.id} orders={patient.orders} attachments={patient.attachments} />
                ),
              },
              ...(showActivity ? [{ label: 'Activity', content: <ActivityTab patientId={patient.id} /> }] : []),
            ]}
          />
        </Grid>
      </Grid>
      <FormBar control={control} submitLabel="Save Changes" extraDisabled={[birthdateInvalid]}>
        <Button component={RouterLink} to={back.to} color="inherit">
          Back to {back.label}
        </Button>
      </FormBar>
      {guard.dialog}
    </Box>
  );
}

function EditPatientLoader({ id, linkState }: { id: number; linkState: PatientLinkState }) {
  const navigate = useNavigate();
  const patient = usePatient(id);
  const back = backToList(linkState);
  useEffect(() => {
    if (patient.isError) void navigate(paths.notFound, { replace: true });
  }, [patient.isError, navigate]);

  const name = patient.data ? `${patient.data.first_name} ${patient.data.last_name}` : 'Edit Patient';
  return (
    <>
      <PageHeader
        title="Edit Patient"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: back.label, to: back.to }, { label: name }]}
        actions={
          linkState.callDetail ? (
            <Button component={RouterLink} to={linkState.callDetail} variant="outlined" startIcon={<ArrowBackIcon />}>
              Go Back to Call Patient Details
            </Button>
          ) : undefined
        }
      />
      {/* Keyed by id so another patient's screen starts from a fresh form. */}
      {patient.data ? (
        <EditPatientForm key={patient.data.id} patient={patient.data} linkState={linkState} />
      ) : (
        <PageLoading />
      )}
    </>
  );
}

/** /patients/:id */
export function PatientEdit() {
  const id = useIdParam();
  const linkState = readLinkState(useLocation().state);
  if (id === null) return <Navigate to={paths.notFound} replace />;
  return <EditPatientLoader id={id} linkState={linkState} />;
}
