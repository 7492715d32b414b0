import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { CLAIM_MESSAGES, MSG, type BillingSettings } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { useFieldFocus } from '@/lib/use-field-focus.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useBillingSettings } from './api/get-billing-settings.ts';
import { useUpdateBillingSettings } from './api/update-billing-settings.ts';
import { BillingFields } from './BillingFields.tsx';
import { BILLING_FORM_FIELDS, settingsToFormValues, useBillingForm } from './billing-form.ts';
import { HcpcsImport } from './HcpcsImport.tsx';
import { FeeSchedules } from './FeeSchedules.tsx';

function BillingSettingsForm({ settings }: { settings: BillingSettings }) {
  const update = useUpdateBillingSettings();
  const form = useBillingForm(settingsToFormValues(settings));
  const guard = useLeaveGuard(form.formState.isDirty);
  // ?field=npi (the claim scrubber's links) brings that field into view.
  useFieldFocus();

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(body),
    successMessage: CLAIM_MESSAGES.settingsSaved,
    fields: BILLING_FORM_FIELDS,
    onSuccess: (saved) => form.reset(settingsToFormValues(saved)),
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Billing settings">
        <BillingFields form={form} />
        <FormActions control={form.control} submitLabel="Save" />
      </Stack>
      {guard.dialog}
    </>
  );
}

/** /settings/billing (administrators): the office's electronic-claims settings, the HCPCS import and the fee schedules. */
export function BillingSettingsScreen() {
  const settings = useBillingSettings();
  return (
    <>
      <PageHeader
        title="Billing Settings"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: 'Settings' }, { label: 'Billing' }]}
      />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {settings.data ? (
          <BillingSettingsForm settings={settings.data} />
        ) : settings.isError ? (
          <Alert severity="error">{MSG.requestFailed}</Alert>
        ) : (
          <PageLoading />
        )}
        <HcpcsImport />
        <FeeSchedules />
      </Stack>
    </>
  );
}
