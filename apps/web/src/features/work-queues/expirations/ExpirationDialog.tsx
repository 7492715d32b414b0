import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  expirationEditSchema,
  fullName,
  OPERATIONS_MESSAGES,
  type ExpirationEditBody,
  type ExpirationRow,
} from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { FormActions } from '@/components/FormActions.tsx';
import { ToggleField } from '@/components/ToggleField.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useUpdateExpiration } from '../api/update-expiration.ts';

export interface ExpirationFormValues {
  date: string | null;
  yellow: boolean;
  yellow_date: string | null;
  note: string;
  waiver: boolean;
}

const FIELDS = ['date', 'yellow', 'yellow_date', 'note', 'waiver'];

interface ExpirationDialogProps {
  expiration: ExpirationRow;
  onClose: () => void;
}

/** Edit Expiration: Date, Yellow with Yellow Date, Note and Waiver (render it only while open). */
export function ExpirationDialog({ expiration, onClose }: ExpirationDialogProps) {
  const titleId = useId();
  const update = useUpdateExpiration();
  const form = useForm<ExpirationFormValues, unknown, ExpirationEditBody>({
    resolver: zodResolver(expirationEditSchema) as unknown as Resolver<
      ExpirationFormValues,
      unknown,
      ExpirationEditBody
    >,
    defaultValues: {
      date: expiration.date,
      yellow: expiration.yellow,
      yellow_date: expiration.yellow_date,
      note: expiration.note,
      waiver: expiration.waiver,
    },
    mode: 'onTouched',
  });
  const { control, register, setValue, formState } = form;
  const yellow = useWatch({ control, name: 'yellow' });

  const onSubmit = useSubmitForm({
    form,
    submit: (body: ExpirationEditBody) => update.mutateAsync({ id: expiration.id, body }),
    successMessage: OPERATIONS_MESSAGES.expirationUpdated,
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
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
          Edit Expiration
        </DialogTitle>
        <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
          {fullName(expiration.patient)}
        </Typography>
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
                // Spec 5: unchecking Yellow clears the yellow date; checking it asks for one at once.
                onToggle={(checked) => {
                  if (!checked) setValue('yellow_date', null, { shouldDirty: true, shouldValidate: true });
                  else void form.trigger('yellow_date');
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
