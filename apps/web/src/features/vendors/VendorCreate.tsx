import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BILLING_MESSAGES } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateVendor } from './api/create-vendor.ts';
import { VendorFields } from './VendorFields.tsx';
import { emptyVendorValues, useVendorForm, VENDOR_FORM_FIELDS } from './vendor-form.ts';

/** /vendors/create */
export function VendorCreate() {
  const navigate = useNavigate();
  const create = useCreateVendor();
  const form = useVendorForm('create', emptyVendorValues);
  const { control, register, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => create.mutateAsync(body),
    successMessage: BILLING_MESSAGES.vendorCreated,
    fields: VENDOR_FORM_FIELDS,
    redirect: { navigate, guard, to: () => paths.vendors.list },
  });

  return (
    <>
      <PageHeader
        title="Create Vendor"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Vendors', to: paths.vendors.list },
          { label: 'Create Vendor' },
        ]}
      />
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Create Vendor">
        <VendorFields
          mode="create"
          control={control}
          register={register}
          errors={{ name: formState.errors.name?.message }}
        />
        <FormActions control={control} submitLabel="Create Vendor">
          <Button component={RouterLink} to={paths.vendors.list} color="inherit">
            Cancel
          </Button>
        </FormActions>
      </Stack>
      {guard.dialog}
    </>
  );
}
