import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import { FACE_TO_FACE_MONTHS, type ProductType } from '@dme/shared';
import { CategorySelects } from './CategorySelects.tsx';
import { HcpcsFields } from './HcpcsFields.tsx';
import { PaymentCategoryFields, type ProductPricing } from './PaymentCategoryFields.tsx';
import { PhotoField } from './PhotoField.tsx';
import { PriceVariantsTable } from './PriceVariantsTable.tsx';
import type { ProductFormBody, ProductFormValues } from './product-form.ts';
import { SelectField } from '@/components/SelectField.tsx';
import { ToggleField } from '@/components/ToggleField.tsx';

interface ProductFieldsProps {
  mode: 'create' | 'edit';
  control: Control<ProductFormValues, unknown, ProductFormBody>;
  register: UseFormRegister<ProductFormValues>;
  types: ProductType[];
  /** Edit: the product's stock on hand (read-only here). */
  quantityOnHand?: number;
  /** Edit: the unit-measure button and the active units, shown beside the stock. */
  stockExtras?: ReactNode;
  /** Edit: the stored photo as an object URL. */
  photoUrl?: string | null;
  hasPhoto?: boolean;
  /** Edit: the saved product's payment category and Medicare fee. */
  pricing?: ProductPricing;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The one body of the Create Product and Edit Product forms. */
export function ProductFields({
  mode,
  control,
  register,
  types,
  quantityOnHand,
  stockExtras,
  photoUrl,
  hasPhoto,
  pricing,
}: ProductFieldsProps) {
  const { errors, isSubmitted } = useFormState({ control });
  const money = {
    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const },
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Section title="Product">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                {...register('name')}
                label="Name"
                required
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...register('internal_code')}
                label="Reference Number"
                required
                autoComplete="off"
                error={Boolean(errors.internal_code)}
                helperText={errors.internal_code?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <SelectField
                control={control}
                name="type_id"
                label="Type"
                required
                options={types.map((type) => ({ value: type.id, label: type.name }))}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...register('description')}
                label="Description"
                multiline
                minRows={3}
                error={Boolean(errors.description)}
                helperText={errors.description?.message}
              />
            </Grid>
            <Grid size={12}>
              <HcpcsFields control={control} register={register} />
            </Grid>
            <Grid size={12}>
              <PaymentCategoryFields control={control} pricing={pricing} />
            </Grid>
            <Grid size={12}>
              <ToggleField
                control={control}
                name="face_to_face"
                label="Needs a face-to-face encounter"
                kind="checkbox"
              />
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, ml: 4 }}>
                Within the {FACE_TO_FACE_MONTHS} months before the order; an occurrence without one on file is on hold.
              </Typography>
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="categories"
                render={({ field, fieldState }) => (
                  <CategorySelects
                    value={field.value}
                    onChange={(chain) => {
                      field.onChange(chain);
                      field.onBlur();
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {mode === 'create' ? (
                <TextField
                  {...register('quantity')}
                  label="Quantity on Hand"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  error={Boolean(errors.quantity)}
                  helperText={errors.quantity?.message}
                />
              ) : (
                <TextField
                  label="Quantity on Hand"
                  value={quantityOnHand ?? 0}
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...register('cost_price')}
                label="Cost Price"
                slotProps={money}
                error={Boolean(errors.cost_price)}
                helperText={errors.cost_price?.message}
              />
            </Grid>
            {stockExtras ? <Grid size={{ xs: 12, sm: 4 }}>{stockExtras}</Grid> : null}
          </Grid>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Section title="Photo">
          <PhotoField control={control} currentUrl={photoUrl} hasCurrent={hasPhoto} />
        </Section>
      </Grid>
      <Grid size={12}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Controller
            control={control}
            name="variants"
            render={({ field, fieldState }) => (
              <PriceVariantsTable
                value={field.value}
                onChange={(rows) => {
                  field.onChange(rows);
                  field.onBlur();
                }}
                invalid={Boolean(fieldState.error) && (fieldState.isTouched || isSubmitted)}
              />
            )}
          />
        </Paper>
      </Grid>
    </Grid>
  );
}
