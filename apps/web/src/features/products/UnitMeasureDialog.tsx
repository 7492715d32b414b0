import { useId } from 'react';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SelectField } from '@/components/SelectField.tsx';
import { Controller, useForm } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { z } from 'zod';
import {
  sortUnitQuantities,
  stockQuantityField,
  UNIT_MEASURES,
  unitMeasureSchema,
  type UnitMeasure,
  type UnitQuantity,
} from '@dme/shared';
import { DialogFormActions } from '@/components/FormActions.tsx';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useUpdateQuantity } from './api/update-quantity.ts';
import { UPDATED_SUCCESSFULLY } from './product-form.ts';

const unitSchema = z.object({ unit_measure: unitMeasureSchema, quantity: stockQuantityField(), active: z.boolean() });
type UnitBody = z.output<typeof unitSchema>;

interface UnitValues {
  unit_measure: UnitMeasure | '';
  quantity: string;
  active: boolean;
}

const resolver = schemaResolver<UnitValues, UnitBody>(unitSchema);

/** The product whose unit quantities are edited. */
export interface UnitProduct {
  id: number;
  name: string;
  qty_unit_measures: UnitQuantity[];
}

interface UnitMeasureDialogProps {
  open: boolean;
  product: UnitProduct | null;
  onClose: () => void;
}

function UnitForm({ product, onClose, titleId }: { product: UnitProduct; onClose: () => void; titleId: string }) {
  const update = useUpdateQuantity();
  const form = useForm<UnitValues, unknown, UnitBody>({
    resolver,
    defaultValues: { unit_measure: '', quantity: '', active: true },
    mode: 'onTouched',
  });
  const { control, setValue } = form;
  const units = sortUnitQuantities(product.qty_unit_measures);

  const choose = (unit: UnitMeasure) => {
    const stored = product.qty_unit_measures.find((u) => u.unit_measure === unit);
    setValue('unit_measure', unit, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    setValue('quantity', String(stored?.quantity ?? 0), { shouldDirty: true, shouldValidate: true });
    setValue('active', stored?.active ?? true, { shouldDirty: true });
  };

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync({ product_id: product.id, ...body }),
    successMessage: UPDATED_SUCCESSFULLY,
    fields: ['unit_measure', 'quantity', 'active'],
    close: onClose,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Opened from the product form: keep this submit from bubbling (through React) to it.
        event.stopPropagation();
        void onSubmit(event);
      }}
    >
      <DialogTitle id={titleId}>Unit Measures</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {product.name}
        </Typography>
        {units.length > 0 ? (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mb: 2 }}
            aria-label="Current unit quantities"
          >
            {units.map((unit) => (
              <Chip
                key={unit.unit_measure}
                size="small"
                label={`${unit.unit_measure}: ${unit.quantity}${unit.active ? '' : ' (inactive)'}`}
                color={unit.active ? 'primary' : 'default'}
                variant={unit.active ? 'filled' : 'outlined'}
                onClick={() => choose(unit.unit_measure)}
              />
            ))}
          </Stack>
        ) : null}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              control={control}
              name="unit_measure"
              label="Unit Measure"
              required
              options={UNIT_MEASURES}
              onChoose={(value) => choose(value as UnitMeasure)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="quantity"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label="Quantity"
                  required
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <ToggleField control={control} name="active" label="Active" />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogFormActions control={control} submitLabel="Save" onCancel={onClose} />
    </form>
  );
}

/**
 * Sets one unit measure's quantity and whether it is active for the product (the inventory shows
 * a unit's cell only while it is active). Give it a new `key` per opening.
 */
export function UnitMeasureDialog({ open, product, onClose }: UnitMeasureDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open && product !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {product ? <UnitForm product={product} onClose={onClose} titleId={titleId} /> : null}
    </Dialog>
  );
}
