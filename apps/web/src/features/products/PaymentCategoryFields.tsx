import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { formatMoney, PAYMENT_CATEGORY_OPTIONS, type Product } from '@dme/shared';
import { SelectField } from '@/components/SelectField.tsx';
import type { ProductFormBody, ProductFormValues } from './product-form.ts';

/** What the saved product answers about its pricing (the server reads the fee schedule in force). */
export type ProductPricing = Pick<
  Product,
  'payment_category' | 'payment_category_source' | 'payment_category_words' | 'medicare_fee'
>;

interface PaymentCategoryFieldsProps {
  control: Control<ProductFormValues, unknown, ProductFormBody>;
  /** Edit: the saved product's figures; none on create. */
  pricing?: ProductPricing;
}

const OPTIONS = PAYMENT_CATEGORY_OPTIONS.map((o) => ({ value: o.code, label: `${o.code} — ${o.words}` }));

function categoryText(pricing: ProductPricing): string {
  if (pricing.payment_category === null) return 'None: the fee schedule does not list the code';
  const from = pricing.payment_category_source === 'product' ? 'set on the product' : 'from the fee schedule';
  return `${pricing.payment_category} — ${pricing.payment_category_words} (${from})`;
}

/**
 * The product's CMS payment category, chosen by hand or left to the fee schedule, and what the
 * saved product is priced at: its category in words and Medicare's fee in the office's state.
 */
export function PaymentCategoryFields({ control, pricing }: PaymentCategoryFieldsProps) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <SelectField
          control={control}
          name="payment_category"
          label="Payment category"
          emptyOption="From the fee schedule"
          options={OPTIONS}
          helperText="Capped rental, oxygen, supplies…: how Medicare pays the code"
        />
      </Grid>
      {pricing ? (
        <Grid size={{ xs: 12, sm: 5 }}>
          <Stack spacing={0.5} aria-label="Medicare pricing" role="group">
            <Typography variant="body2">
              <strong>Category:</strong> {categoryText(pricing)}
            </Typography>
            <Typography variant="body2">
              <strong>Medicare fee:</strong>{' '}
              {pricing.medicare_fee === null
                ? 'None in the office state for these modifiers'
                : `${formatMoney(pricing.medicare_fee)} (office state, non-rural)`}
            </Typography>
          </Stack>
        </Grid>
      ) : null}
    </Grid>
  );
}
