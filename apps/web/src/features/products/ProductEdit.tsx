import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StraightenIcon from '@mui/icons-material/StraightenOutlined';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { inventoryUnitCells, INVENTORY_UNIT_COLUMNS, PRODUCT_MESSAGES, type Product } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { useFieldFocus } from '@/lib/use-field-focus.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useProduct } from './api/get-product.ts';
import { useProductPhoto } from './api/get-product-photo.ts';
import { useProductTypes } from './api/get-product-types.ts';
import { useUpdateProduct } from './api/update-product.ts';
import { ProductFields } from './ProductFields.tsx';
import { PRODUCT_FORM_FIELDS, productFormData, productToFormValues } from './product-form.ts';
import { UnitMeasureDialog } from './UnitMeasureDialog.tsx';
import { useProductForm } from './use-product-form.ts';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Products', to: paths.products.list },
  { label: 'Edit Product' },
];

/** The unit-measure button and the units now active, beside the stock on hand. */
function UnitStock({ product, onOpen }: { product: Product; onOpen: () => void }) {
  const cells = inventoryUnitCells(product.qty_unit_measures);
  const active = INVENTORY_UNIT_COLUMNS.filter((unit) => cells[unit] !== null);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" startIcon={<StraightenIcon />} onClick={onOpen} sx={{ height: 40 }}>
        Unit Measures
      </Button>
      <Typography variant="caption" color="text.secondary" aria-label="Active unit measures">
        {active.length ? active.map((unit) => `${unit} ${cells[unit]}`).join(' · ') : 'No active unit measures'}
      </Typography>
    </Stack>
  );
}

function EditProductForm({ product }: { product: Product }) {
  const types = useProductTypes();
  const update = useUpdateProduct(product.id);
  const photoUrl = useProductPhoto(product.id, product.photo);
  const [unitDialog, setUnitDialog] = useState({ open: false, session: 0 });
  const form = useProductForm('edit', productToFormValues(product));
  const { control, register, reset, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  // ?field=hcpcs_code (the claim scrubber's links) brings that field into view.
  useFieldFocus();

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(productFormData(body, 'edit')),
    successMessage: PRODUCT_MESSAGES.updated,
    fields: PRODUCT_FORM_FIELDS,
    onSuccess: (saved) => reset(productToFormValues(saved)),
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Edit Product">
        <ProductFields
          mode="edit"
          control={control}
          register={register}
          types={types.data ?? []}
          quantityOnHand={product.quantity}
          photoUrl={photoUrl}
          hasPhoto={product.photo !== null}
          pricing={product}
          stockExtras={
            <UnitStock
              product={product}
              onOpen={() => setUnitDialog((d) => ({ open: true, session: d.session + 1 }))}
            />
          }
        />
        <FormActions control={control} submitLabel="Save Changes" loading={types.isLoading}>
          <Button component={RouterLink} to={paths.products.list} color="inherit">
            Back to Products
          </Button>
        </FormActions>
      </Stack>
      <UnitMeasureDialog
        key={unitDialog.session}
        open={unitDialog.open}
        product={product}
        onClose={() => setUnitDialog((d) => ({ ...d, open: false }))}
      />
      {guard.dialog}
    </>
  );
}

function EditProductLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const product = useProduct(id);
  useEffect(() => {
    if (product.isError) void navigate(paths.notFound, { replace: true });
  }, [product.isError, navigate]);
  if (!product.data) return <PageLoading />;
  // Keyed by id so another product's screen starts from a fresh form.
  return <EditProductForm key={product.data.id} product={product.data} />;
}

/** /products/:id */
export function ProductEdit() {
  const id = useIdParam();
  return (
    <>
      <PageHeader title="Edit Product" breadcrumbs={breadcrumbs} />
      {id !== null ? <EditProductLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
