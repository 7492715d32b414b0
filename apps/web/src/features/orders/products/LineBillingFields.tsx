import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/SelectField.tsx';
import { useProductCodes } from '../api/get-product-codes.ts';
import { LINE_BILLING_OPTIONS, type ProductLineForm } from './product-line-form.ts';

/** What "From the product's category" means for the chosen product, when the server says. */
function categoryHint(category: string | null | undefined, words: string | undefined): string | undefined {
  if (category === undefined) return undefined;
  if (category === null) return 'The product has no payment category';
  return `The product's category: ${words ? `${words} (${category})` : category}`;
}

/** Rental (monthly) or purchase, and the rental month a transferred patient starts at (issue 33). */
export function LineBillingFields({ form }: { form: ProductLineForm }) {
  // The month is checked and sent only for a rental chosen here (productLineInput), so a hidden one
  // never holds the form back.
  const { control, register } = form;
  const { errors } = useFormState({ control, name: 'rental_start_month' });
  const [product, billing] = useWatch({ control, name: ['product', 'billing'] });
  const codes = useProductCodes(product?.id ?? null).data;
  return (
    <>
      <Grid size={{ xs: 12, sm: 8 }}>
        <SelectField
          control={control}
          name="billing"
          label="Rental or purchase"
          options={LINE_BILLING_OPTIONS}
          helperText={categoryHint(codes?.paymentCategory, codes?.paymentCategoryWords)}
        />
      </Grid>
      {billing === 'rental' ? (
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('rental_start_month')}
            label="Starting rental month"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            error={Boolean(errors.rental_start_month)}
            helperText={errors.rental_start_month?.message ?? 'For a patient transferred from another supplier'}
          />
        </Grid>
      ) : null}
    </>
  );
}
