import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { formatPrice, ORDER_MESSAGES, serviceCloneSchema, serviceEditSchema, type Service } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { DialogFormActions } from '@/components/FormActions.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCloneService } from '../api/clone-service.ts';
import { useUpdateService } from '@/lib/api/services.ts';
import { ordersKeys } from '../api/keys.ts';
import { validatingResolver } from '@/lib/form-resolver.ts';

export type ServiceDialogMode = 'edit' | 'clone';

export interface ServiceFormValues {
  date: string | null;
  amount_remmited: string;
  sale_price: string;
  locked_price: boolean;
}

const FIELDS = ['date', 'amount_remmited', 'sale_price', 'locked_price'];

/** The shared schema's input: the edit fields plus, when cloning, the line and its price flags. */
function serviceInput(service: Service, mode: ServiceDialogMode) {
  return (values: ServiceFormValues) => ({
    product_id: service.product.id,
    ...values,
    ...(mode === 'clone'
      ? {
          order_product_id: service.order_product_id,
          added_percentage: service.added_percentage,
          percentage: service.added_percentage ? service.percentage : null,
        }
      : {}),
  });
}

interface ServiceDialogProps {
  orderId: number;
  service: Service;
  mode: ServiceDialogMode;
  onClose: () => void;
}

/**
 * Service edit and clone dialog (one body). Edit: quantity, sale price and locked price are fixed
 * once the service is shipped. Clone: the product is fixed and a new date is required.
 */
export function ServiceDialog({ orderId, service, mode, onClose }: ServiceDialogProps) {
  const titleId = useId();
  const update = useUpdateService(ordersKeys.detail(orderId));
  const clone = useCloneService(orderId);
  const schema = mode === 'edit' ? serviceEditSchema : serviceCloneSchema;
  const form = useForm<ServiceFormValues, unknown, ServiceFormValues>({
    resolver: validatingResolver(schema, serviceInput(service, mode)),
    defaultValues: {
      date: mode === 'edit' ? service.date : null,
      amount_remmited: String(service.amount_remmited),
      sale_price: formatPrice(service.sale_price),
      locked_price: service.locked_price,
    },
    mode: 'onTouched',
  });
  const { control, register, formState } = form;
  const fixed = mode === 'edit' && service.shipped;

  const onSubmit = useSubmitForm({
    form,
    submit: async (values: ServiceFormValues) => {
      const input = serviceInput(service, mode)(values);
      if (mode === 'edit') return update.mutateAsync({ id: service.id, body: serviceEditSchema.parse(input) });
      // The spec's clone call also carries these; the server computes its own.
      return clone.mutateAsync({
        ...serviceCloneSchema.parse(input),
        adjusted_sale_price: service.adjusted_sale_price,
        tax_amount: service.tax_amount,
      });
    },
    successMessage: mode === 'edit' ? ORDER_MESSAGES.serviceUpdated : ORDER_MESSAGES.serviceCloned,
    errorMessage: mode === 'edit' ? ORDER_MESSAGES.serviceUpdateFailed : ORDER_MESSAGES.serviceCloneFailed,
    fields: FIELDS,
    close: onClose,
  });

  const errors = formState.errors;
  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{mode === 'edit' ? 'Edit Service' : 'Clone Service'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {fixed ? (
              <Grid size={12}>
                <Alert severity="info" variant="outlined">
                  This service is shipped: its quantity, sale price and locked price stay as they are.
                </Alert>
              </Grid>
            ) : null}
            <Grid size={12}>
              <TextField
                label="Product"
                value={`${service.product.name} (${service.product.internal_code})`}
                disabled
                helperText={mode === 'clone' ? 'The clone keeps the product; choose its new date.' : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="date" label={mode === 'clone' ? 'New Date' : 'Date'} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('amount_remmited')}
                label="Quantity"
                required
                disabled={fixed}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                error={Boolean(errors.amount_remmited)}
                helperText={errors.amount_remmited?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('sale_price')}
                label="Sale Price"
                required
                disabled={fixed}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={Boolean(errors.sale_price)}
                helperText={errors.sale_price?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <ToggleField
                control={control}
                name="locked_price"
                label="Locked price"
                kind="checkbox"
                disabled={fixed}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogFormActions control={control} submitLabel={mode === 'edit' ? 'Save' : 'Clone'} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
