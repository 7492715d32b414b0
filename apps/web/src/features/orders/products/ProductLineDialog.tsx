import { useEffect, useId, useRef } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/SelectField.tsx';
import { isWireDate, ORDER_MESSAGES, productLineDateProblem, UNIT_MEASURES, type OrderLookup } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { DialogFormActions } from '@/components/FormActions.tsx';
import { useNotify } from '@/lib/notify.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useAddProductLine } from '../api/add-product-line.ts';
import { useVariants } from '../api/get-variants.ts';
import { useUpdateProductLine } from '../api/update-product-line.ts';
import { money } from '../format.ts';
import { ProductSelect } from '../ProductSelect.tsx';
import { LineBillingFields } from './LineBillingFields.tsx';
import { LineModifiersField } from './LineModifiersField.tsx';
import { LinePriceFields } from './LinePriceFields.tsx';
import {
  emptyProductLineValues,
  lineToFormValues,
  PRODUCT_LINE_FIELD_NAMES,
  useProductLineForm,
  type ProductLineRecord,
} from './product-line-form.ts';

/** The date rule's message for the chosen dates, or null (also null while a date is missing). */
function dateProblem(recurrence: number | '', serviceDate: string | null, endDate: string | null): string | null {
  if (recurrence === '' || !serviceDate || !endDate || !isWireDate(serviceDate) || !isWireDate(endDate)) return null;
  return productLineDateProblem(serviceDate, endDate, recurrence);
}

interface ProductLineDialogProps {
  orderId: number;
  /** The line to edit; null adds a new one. */
  line: ProductLineRecord | null;
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
  const { control, setValue, register, formState } = form;
  const [product, recurrence, serviceDate, endDate] = useWatch({
    control,
    name: ['product', 'recurrence_id', 'service_date', 'end_date'],
  });
  const variants = useVariants(product?.id ?? null);

  // Spec: the date rules are shown as error toasts, once per new problem.
  const problem = dateProblem(recurrence, serviceDate, endDate);
  const shownProblem = useRef(problem);
  useEffect(() => {
    if (problem) {
      if (problem !== shownProblem.current) notify.error(problem);
      shownProblem.current = problem;
    } else if (isWireDate(serviceDate ?? '') && isWireDate(endDate ?? '')) {
      // Only two complete dates that obey the rule clear it: a date half typed (no problem for a
      // moment) must not make the same toast fire again on the next keystroke.
      shownProblem.current = null;
    }
  }, [problem, notify, serviceDate, endDate]);

  const touch = { shouldDirty: true, shouldValidate: true } as const;

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => (line ? update.mutateAsync({ lineId: line.id, body }) : add.mutateAsync(body)),
    successMessage: line ? ORDER_MESSAGES.updated : ORDER_MESSAGES.productAdded,
    fields: Object.values(PRODUCT_LINE_FIELD_NAMES),
    fieldNames: PRODUCT_LINE_FIELD_NAMES,
    close: onClose,
  });

  const errors = formState.errors;
  const datesDisabled = recurrence === '';

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
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
              <LineModifiersField form={form} />
            </Grid>
            <LineBillingFields form={form} />
            <LinePriceFields form={form} />
          </Grid>
        </DialogContent>
        <DialogFormActions
          control={control}
          submitLabel="Save"
          loading={Boolean(product) && variants.isLoading}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
