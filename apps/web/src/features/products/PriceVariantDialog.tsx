import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SelectField } from '@/components/SelectField.tsx';
import { useForm } from 'react-hook-form';
import {
  formatPrice,
  PRICE_VARIANT_OPTIONS,
  priceVariantSchema,
  UNIT_MEASURES,
  type PriceVariantOption,
  type UnitMeasure,
} from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';
import type { VariantRow } from './product-form.ts';

interface VariantValues {
  id: number | null;
  price_variant: PriceVariantOption | '';
  unit_measure: UnitMeasure | '';
  sale_price: string;
  cost_price: string;
  description: string;
}

const emptyVariant: VariantValues = {
  id: null,
  price_variant: '',
  unit_measure: '',
  sale_price: '',
  cost_price: '',
  description: '',
};

function toValues(row: VariantRow | null): VariantValues {
  if (!row) return emptyVariant;
  return { ...row, sale_price: formatPrice(row.sale_price), cost_price: formatPrice(row.cost_price) };
}

const resolver = schemaResolver<VariantValues, VariantRow>(priceVariantSchema);

interface PriceVariantDialogProps {
  open: boolean;
  /** The row being edited; null adds a new one. */
  variant: VariantRow | null;
  onSave: (row: VariantRow) => void;
  onClose: () => void;
}

function VariantForm({
  variant,
  onSave,
  onClose,
  titleId,
}: Omit<PriceVariantDialogProps, 'open'> & { titleId: string }) {
  const { control, register, handleSubmit, formState } = useForm<VariantValues, unknown, VariantRow>({
    resolver,
    defaultValues: toValues(variant),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const money = {
    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const },
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog sits in a portal, but React still bubbles its submit to the product form.
        event.stopPropagation();
        void handleSubmit(onSave)(event);
      }}
    >
      <DialogTitle id={titleId}>{variant ? 'Edit Price Variant' : 'Add Price Variant'}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              control={control}
              name="price_variant"
              label="Price Variant"
              required
              options={PRICE_VARIANT_OPTIONS}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="unit_measure" label="Unit Measure" required options={UNIT_MEASURES} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('sale_price')}
              label="Sale Price"
              required
              slotProps={money}
              error={Boolean(errors.sale_price)}
              helperText={errors.sale_price?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('cost_price')}
              label="Cost Price"
              required
              slotProps={money}
              error={Boolean(errors.cost_price)}
              helperText={errors.cost_price?.message}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              {...register('description')}
              label="Description"
              multiline
              minRows={2}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained">
          {variant ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Adds or edits one price variant of the product form (nothing is saved until the product is).
 * Give it a new `key` for each opening so the form starts from `variant`.
 */
export function PriceVariantDialog({ open, variant, onSave, onClose }: PriceVariantDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <VariantForm variant={variant} onSave={onSave} onClose={onClose} titleId={titleId} />
    </Dialog>
  );
}
