import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, type Resolver } from 'react-hook-form';
import {
  formatDisplayDate,
  OPERATIONS_MESSAGES,
  ORDER_MESSAGES,
  serviceEditSchema,
  type CallService,
} from '@dme/shared';
import { FormDialog } from '@/components/FormDialog.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useUpdateService } from '@/lib/api/services.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { serviceProductName } from './service-format.ts';

/** Only the quantity is edited here; the shared schema's rule and messages for it. */
const quantitySchema = serviceEditSchema.pick({ amount_remmited: true });

interface QuantityValues {
  amount_remmited: string;
}
interface QuantityBody {
  amount_remmited: number;
}

interface EditServiceDialogProps {
  service: CallService;
  onClose: () => void;
}

/** Edit service: Product and Service Date read-only, Quantity editable; nothing changes once shipped. */
export function EditServiceDialog({ service, onClose }: EditServiceDialogProps) {
  const update = useUpdateService(workQueuesKeys.details());
  const form = useForm<QuantityValues, unknown, QuantityBody>({
    resolver: zodResolver(quantitySchema) as unknown as Resolver<QuantityValues, unknown, QuantityBody>,
    defaultValues: { amount_remmited: String(service.amount_remmited) },
    // Update is off while the quantity is wrong, so say why as it is typed, not only after leaving the field.
    mode: 'onChange',
  });
  const { control, register, formState } = form;

  const onSubmit = useSubmitForm({
    form,
    submit: (body: QuantityBody) => update.mutateAsync({ id: service.id, body }),
    successMessage: OPERATIONS_MESSAGES.serviceUpdated,
    errorMessage: OPERATIONS_MESSAGES.serviceUpdateFailed,
    fields: ['amount_remmited'],
    close: onClose,
  });

  return (
    <FormDialog
      title="Edit service"
      maxWidth="xs"
      onSubmit={onSubmit}
      onClose={onClose}
      control={control}
      submitLabel="Update"
      extraDisabled={[service.shipped]}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {service.shipped ? <Alert severity="info">{ORDER_MESSAGES.serviceShippedChange}</Alert> : null}
        {/* What the service is, as text: only the quantity is an input. */}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 2 }}
        >
          <Typography component="dt" color="text.secondary">
            Product
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {serviceProductName(service)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Service Date
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {formatDisplayDate(service.date)}
          </Typography>
        </Box>
        <TextField
          {...register('amount_remmited')}
          label="Quantity"
          required
          disabled={service.shipped}
          inputMode="numeric"
          error={Boolean(formState.errors.amount_remmited)}
          helperText={formState.errors.amount_remmited?.message}
        />
      </Stack>
    </FormDialog>
  );
}
