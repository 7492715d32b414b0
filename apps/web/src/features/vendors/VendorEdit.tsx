import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { BILLING_MESSAGES } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { useFieldFocus } from '@/lib/use-field-focus.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useVendor } from './api/get-vendor.ts';
import { useUpdateVendor } from './api/update-vendor.ts';
import { VendorFields } from './VendorFields.tsx';
import { VendorPriceList } from './VendorPriceList.tsx';
import { useVendorForm, VENDOR_FORM_FIELDS, vendorToFormValues, type VendorRecord } from './vendor-form.ts';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Vendors', to: paths.vendors.list },
  { label: 'Edit Vendor' },
];

function EditVendorForm({ vendor }: { vendor: VendorRecord }) {
  const update = useUpdateVendor(vendor.id);
  const form = useVendorForm('edit', vendorToFormValues(vendor));
  const { control, register, reset, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  // ?field=payer_id (the claim scrubber's links) brings that field into view.
  useFieldFocus();

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(body),
    successMessage: BILLING_MESSAGES.vendorUpdated,
    fields: VENDOR_FORM_FIELDS,
    onSuccess: (saved) => reset(vendorToFormValues(saved)),
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Edit Vendor">
        <VendorFields
          mode="edit"
          control={control}
          register={register}
          errors={{ name: formState.errors.name?.message }}
        />
        <FormActions control={control} submitLabel="Update Vendor">
          <Button component={RouterLink} to={paths.vendors.list} color="inherit">
            Back to Vendors
          </Button>
        </FormActions>
      </Stack>
      <VendorPriceList vendorId={vendor.id} />
      {guard.dialog}
    </>
  );
}

function EditVendorLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const vendor = useVendor(id);
  useEffect(() => {
    if (vendor.isError) void navigate(paths.notFound, { replace: true });
  }, [vendor.isError, navigate]);
  if (!vendor.data) return <PageLoading />;
  return <EditVendorForm key={vendor.data.id} vendor={vendor.data} />;
}

/** /vendor/:id */
export function VendorEdit() {
  const id = useIdParam();
  return (
    <>
      <PageHeader title="Edit Vendor" breadcrumbs={breadcrumbs} />
      {id !== null ? <EditVendorLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
