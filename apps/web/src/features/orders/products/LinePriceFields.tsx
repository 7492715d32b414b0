import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, useWatch } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { adjustedPriceText, type ProductLineForm } from './product-line-form.ts';

/**
 * Sale price, the added percentage (3 decimals, as stored and billed) with the read-only adjusted
 * price it gives, and the line's switches.
 */
export function LinePriceFields({ form }: { form: ProductLineForm }) {
  const { control, register, setValue, trigger } = form;
  const { errors } = useFormState({ control });
  const [salePrice, percentage, added] = useWatch({
    control,
    name: ['sale_price', 'percentage', 'added_percentage'],
  });
  return (
    <>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          {...register('sale_price')}
          label="Sale Price"
          required
          // A price set by choosing a variant arrives without focus: lift the label over it.
          slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: salePrice ? true : undefined } }}
          error={Boolean(errors.sale_price)}
          helperText={errors.sale_price?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <ToggleField
          control={control}
          name="added_percentage"
          label="Add percentage"
          onToggle={(checked) => {
            if (!checked) setValue('percentage', '', { shouldDirty: true, shouldValidate: true });
            // Say at once that the percentage is now required.
            else void trigger('percentage');
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          {...register('percentage')}
          label="Percentage"
          required={added}
          disabled={!added}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(errors.percentage)}
          helperText={errors.percentage?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          label="Adjusted Price"
          value={adjustedPriceText(salePrice, percentage, added)}
          helperText={added ? 'Sale price plus the percentage' : 'Add a percentage to adjust the price'}
          slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
        />
      </Grid>
      <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <ToggleField control={control} name="tax_applied" label="Tax applied" />
        <ToggleField control={control} name="nutritional" label="Nutritional" />
        <ToggleField control={control} name="locked_price" label="Locked price" />
      </Grid>
    </>
  );
}
