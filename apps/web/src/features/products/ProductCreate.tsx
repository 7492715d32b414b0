import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PRODUCT_MESSAGES } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateProduct } from './api/create-product.ts';
import { useProductTypes } from './api/get-product-types.ts';
import { ProductFields } from './ProductFields.tsx';
import { emptyProductValues, PRODUCT_FORM_FIELDS, productFormData } from './product-form.ts';
import { useProductForm } from './use-product-form.ts';

/** /products/create */
export function ProductCreate() {
  const navigate = useNavigate();
  const types = useProductTypes();
  const create = useCreateProduct();
  const form = useProductForm('create', emptyProductValues);
  const { control, register, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => create.mutateAsync(productFormData(body, 'create')),
    successMessage: PRODUCT_MESSAGES.created,
    fields: PRODUCT_FORM_FIELDS,
    redirect: { navigate, guard, to: (product) => paths.products.edit.url(product.id) },
  });

  return (
    <>
      <PageHeader
        title="Create Product"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Products', to: paths.products.list },
          { label: 'Create Product' },
        ]}
      />
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Create Product">
        <ProductFields mode="create" control={control} register={register} types={types.data ?? []} />
        <FormActions control={control} submitLabel="Create Product" loading={types.isLoading}>
          <Button component={RouterLink} to={paths.products.list} color="inherit">
            Cancel
          </Button>
        </FormActions>
      </Stack>
      {guard.dialog}
    </>
  );
}
