import { useEffect, useId, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import {
  adjustedPrice,
  isWireDate,
  MSG,
  ORDER_MESSAGES,
  parsePrice,
  productLineDateProblem,
  UNIT_MEASURES,
  type OrderLookup,
  type OrderProductLine,
  type ProductLineBody,
} from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { FormActions } from '@/components/FormActions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useAddProductLine } from '../api/add-product-line.ts';
import { useVariants } from '../api/get-variants.ts';
import { useUpdateProductLine } from '../api/update-product-line.ts';
import { money } from '../format.ts';
import { ProductSelect } from '../ProductSelect.tsx';
import { renameFields } from '../rename-fields.ts';
import {
  emptyProductLineValues,
  lineToFormValues,
  PRODUCT_LINE_FIELD_NAMES,
  useProductLineForm,
  type ProductLineFormValues,
} from './product-line-form.ts';

type LineControl = Control<ProductLineFormValues, unknown, ProductLineBody>;

/** The read-only adjusted price: sale price plus the percentage, 3 decimals (shared rule). */
export function adjustedPriceText(salePrice: string, percentage: string, added: boolean): string {
  if (!added) return '';
  const sale = parsePrice(salePrice);
  const pct = parsePrice(percentage);
  return sale.ok && pct.ok ? adjustedPrice(sale.value, pct.value) : '';
}

/** The date rule's message for the chosen dates, or null (also null while a date is missing). */
function dateProblem(recurrence: number | '', serviceDate: string | null, endDate: string | null): string | null {
  if (recurrence === '' || !serviceDate || !endDate || !isWireDate(serviceDate) || !isWireDate(endDate)) return null;
  return productLineDateProblem(serviceDate, endDate, recurrence);
}

function SwitchField({ control, name, label }: { control: LineControl; name: 'added_percentage' | 'tax_applied' | 'nutritional' | 'locked_price'; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={<Switch name={field.name} checked={field.value} onChange={(_event, checked) => field.onChange(checked)} onBlur={field.onBlur} />}
        />
      )}
    />
  );
}

interface ProductLineDialogProps {
  orderId: number;
  /** The line to edit; null adds a new one. */
  line: OrderProductLine | null;
  recurrences: OrderLookup[];
  onClose: () => void;
}

/** Add/edit product-line dialog. Render it only while open: each opening starts a fresh form. */
export function ProductLineDialog({ orderId, line, recurrences, onClose }: ProductLineDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const add = useAddProductLine(orderId);
  const update = useUpdateProductLine(orderId);
  const form = useProductLineForm(line ? lineToFormValues(line) : emptyProductLineValues);
  const { control, handleSubmit, setValue, setError, register, trigger, formState } = form;
  const [product, recurrence, serviceDate, endDate, salePrice, percentage, added] = useWatch({
    control,
    name: ['product', 'recurrence_id', 'service_date', 'end_date', 'sale_price', 'percentage', 'added_percentage'],
  });
  const variants = useVariants(product?.id ?? null);

  // Spec: the date rules are shown as error toasts, once per new problem.
  const problem = dateProblem(recurrence, serviceDate, endDate);
  const shownProblem = useRef(problem);
  useEffect(() => {
    if (problem && problem !== shownProblem.current) notify.error(problem);
    shownProblem.current = problem;
  }, [problem, notify]);

  const touch = { shouldDirty: true, shouldValidate: true } as const;

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (line) {
        await update.mutateAsync({ lineId: line.id, body });
        notify.success(ORDER_MESSAGES.updated);
      } else {
        await add.mutateAsync(body);
        notify.success(ORDER_MESSAGES.productAdded);
      }
      onClose();
    } catch (error) {
      if (isApiError(error, 422)) {
        applyFieldErrors(renameFields(error.body, PRODUCT_LINE_FIELD_NAMES), setError, Object.values(PRODUCT_LINE_FIELD_NAMES));
      }
      notify.error(MSG.requestFailed);
    }
  });

  const errors = formState.errors;
  const datesDisabled = recurrence === '';

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{line ? 'Edit Product' : 'Add Product'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <Controller
                control={control}
                name="product"
                render={({ field, fieldState }) => (
                  <ProductSelect
                    value={field.value}
                    onChange={(next) => {
                      field.onChange(next);
                      setValue('variant', '', touch);
                      setValue('sale_price', '', touch);
                      setValue('unit_measure', '', touch);
                    }}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <Controller
                control={control}
                name="variant"
                render={({ field, fieldState }) => {
                  const options = variants.data ?? [];
                  return (
                    <TextField
                      select
                      label="Price Variant"
                      required
                      name={field.name}
                      inputRef={field.ref}
                      disabled={!product}
                      value={options.some((v) => v.id === field.value) ? field.value : ''}
                      onChange={(event) => {
                        const variant = options.find((v) => v.id === Number(event.target.value));
                        field.onChange(variant ? variant.id : '');
                        if (variant) {
                          setValue('sale_price', variant.sale_price.toFixed(2), touch);
                          setValue('unit_measure', variant.unit_measure, touch);
                        }
                      }}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? (product ? undefined : 'Choose a product first')}
                    >
                      {options.map((variant) => (
                        <MenuItem key={variant.id} value={variant.id}>
                          {variant.price_variant} · {money(variant.sale_price)} / {variant.unit_measure}
                          {variant.description ? ` · ${variant.description}` : ''}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField control={control} name="unit_measure" label="Unit of Measure" options={UNIT_MEASURES} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="recurrence_id"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Recurrence"
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={recurrences.some((r) => r.id === field.value) ? field.value : ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {recurrences.map((recurrenceOption) => (
                      <MenuItem key={recurrenceOption.id} value={recurrenceOption.id}>
                        {recurrenceOption.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateField
                control={control}
                name="service_date"
                label="Service Date"
                required
                disabled={datesDisabled}
                helperText={datesDisabled ? 'Choose a recurrence first' : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateField
                control={control}
                name="end_date"
                label="End Date"
                required
                disabled={datesDisabled}
                helperText={datesDisabled ? 'Choose a recurrence first' : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...register('quantity')}
                label="Quantity"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                error={Boolean(errors.quantity)}
                helperText={errors.quantity?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...register('sale_price')}
                label="Sale Price"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
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
                  if (!checked) setValue('percentage', '', touch);
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
              <SwitchField control={control} name="tax_applied" label="Tax applied" />
              <SwitchField control={control} name="nutritional" label="Nutritional" />
              <SwitchField control={control} name="locked_price" label="Locked price" />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <FormActions control={control} submitLabel="Save" loading={Boolean(product) && variants.isLoading}>
            <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting}>
              Cancel
            </Button>
          </FormActions>
        </DialogActions>
      </form>
    </Dialog>
  );
}
