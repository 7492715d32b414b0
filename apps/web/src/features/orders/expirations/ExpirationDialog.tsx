import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { expirationSchema, ORDER_MESSAGES, type Expiration, type ExpirationBody } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { FormActions } from '@/components/FormActions.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateExpiration } from '../api/create-expiration.ts';
import { useUpdateExpiration } from '../api/update-expiration.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';

export interface ExpirationFormValues {
  date: string | null;
  note: string;
  yellow: boolean;
  yellow_date: string | null;
  waiver: boolean;
}

const FIELDS = ['date', 'note', 'yellow', 'yellow_date', 'waiver'];

function toFormValues(expiration: Expiration | null): ExpirationFormValues {
  if (!expiration) return { date: null, note: '', yellow: false, yellow_date: null, waiver: false };
  const { date, note, yellow, yellow_date, waiver } = expiration;
  return { date, note, yellow, yellow_date, waiver };
}

interface ExpirationDialogProps {
  orderId: number;
  /** Mode update when an expiration is given, create otherwise. */
  expiration: Expiration | null;
  onClose: () => void;
}

/** Expiration dialog (mode create or update). Render it only while open. */
export function ExpirationDialog({ orderId, expiration, onClose }: ExpirationDialogProps) {
  const titleId = useId();
  const create = useCreateExpiration(orderId);
  const update = useUpdateExpiration(orderId);
  const form = useForm<ExpirationFormValues, unknown, ExpirationBody>({
    resolver: schemaResolver(expirationSchema, (values: ExpirationFormValues) => values),
    defaultValues: toFormValues(expiration),
    mode: 'onTouched',
  });
  const { control, register, setValue, formState } = form;
  const yellow = useWatch({ control, name: 'yellow' });

  const onSubmit = useSubmitForm({
    form,
    submit: (body: ExpirationBody) =>
      expiration ? update.mutateAsync({ id: expiration.id, body }) : create.mutateAsync(body),
    successMessage: expiration ? ORDER_MESSAGES.expirationUpdated : ORDER_MESSAGES.expirationAdded,
    fields: FIELDS,
    onSuccess: onClose,
  });

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{expiration ? 'Edit Expiration' : 'New Expiration'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="date" label="Date" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <ToggleField control={control} name="waiver" label="Waiver" kind="checkbox" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <ToggleField
                control={control}
                name="yellow"
                label="Yellow"
                kind="checkbox"
                // Spec: switching Yellow off clears the yellow date.
                onToggle={(checked) => {
                  if (!checked) setValue('yellow_date', null, { shouldDirty: true, shouldValidate: true });
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField
                control={control}
                name="yellow_date"
                label="Yellow Date"
                required={yellow}
                disabled={!yellow}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...register('note')}
                label="Note"
                required
                multiline
                minRows={3}
                error={Boolean(formState.errors.note)}
                helperText={formState.errors.note?.message}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <FormActions control={control} submitLabel="Save">
            <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting}>
              Cancel
            </Button>
          </FormActions>
        </DialogActions>
      </form>
    </Dialog>
  );
}
