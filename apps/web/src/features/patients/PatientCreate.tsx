import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PATIENT_MESSAGES } from '@dme/shared';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreatePatient } from './api/create-patient.ts';
import { AddressFields } from './form/AddressFields.tsx';
import { FormBar } from './form/FormBar.tsx';
import { emptyPatientValues, errorFieldNames } from './form/patient-form.ts';
import { PatientFields } from './form/PatientFields.tsx';
import { PhysicianFields } from './form/PhysicianFields.tsx';
import { SideTabs } from './form/SideTabs.tsx';
import { tabHasError, tabOfField, type PatientTabName } from './form/tab-of-field.ts';
import { usePatientForm } from './form/use-patient-form.ts';
import { backToList, readLinkState, rentalsState } from './link-state.ts';

const CREATE_TAB_INDEX: Partial<Record<PatientTabName, number>> = { address: 0, physician: 1 };

/** /patients/create (from Rentals the new patient starts with Rentals = yes). */
export function PatientCreate() {
  const navigate = useNavigate();
  const linkState = readLinkState(useLocation().state);
  const back = backToList(linkState);
  const create = useCreatePatient();
  const [tab, setTab] = useState(0);
  const { form, birthdateInvalid } = usePatientForm(emptyPatientValues({ rentals: linkState.rentals }));
  const { control, register, getValues, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const { errors } = formState;

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => create.mutateAsync(body),
    successMessage: PATIENT_MESSAGES.created,
    errorMessage: PATIENT_MESSAGES.requestFailed,
    fields: () => errorFieldNames(getValues('contact_person').length),
    onFieldErrors: (fields) => {
      const index = fields.map((f) => CREATE_TAB_INDEX[tabOfField(f)]).find((i) => i !== undefined);
      if (index !== undefined) setTab(index);
    },
    redirect: {
      navigate,
      guard,
      to: ({ data }) => paths.patients.edit.url(data.id),
      state: rentalsState(linkState),
    },
  });

  return (
    <>
      <PageHeader
        title="Create Patient"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: back.label, to: back.to },
          { label: 'Create Patient' },
        ]}
      />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create Patient">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                Patient
              </Typography>
              <PatientFields mode="create" control={control} register={register} />
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <SideTabs
              label="Patient details"
              value={tab}
              onChange={setTab}
              tabs={[
                {
                  label: 'Address',
                  keepMounted: true,
                  error: tabHasError('address', errors),
                  content: <AddressFields control={control} register={register} />,
                },
                {
                  label: 'Physician',
                  keepMounted: true,
                  error: tabHasError('physician', errors),
                  content: <PhysicianFields control={control} register={register} />,
                },
                // These need a saved patient; they open on the patient's edit screen.
                { label: 'Insurances', disabled: true },
                { label: 'Attachments', disabled: true },
                { label: 'Tags', disabled: true },
              ]}
            />
          </Grid>
        </Grid>
        <FormBar control={control} submitLabel="Create Patient" extraDisabled={[birthdateInvalid]}>
          <Button component={RouterLink} to={back.to} color="inherit">
            Cancel
          </Button>
        </FormBar>
      </Box>
      {guard.dialog}
    </>
  );
}
