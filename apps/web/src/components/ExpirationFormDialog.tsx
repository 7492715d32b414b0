import { type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { expirationSchema, type ExpirationBody } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { FormDialog } from '@/components/FormDialog.tsx';
import { ToggleField } from '@/components/ToggleField.tsx';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';

export interface ExpirationFormValues {
  date: string | null;
  note: string;
  yellow: boolean;
  yellow_date: string | null;
  waiver: boolean;
}

const FIELDS = ['date', 'note', 'yellow', 'yellow_date', 'waiver'];

/** The form's values of an expiration, blank for a new one. */
export function expirationFormValues(expiration: ExpirationFormValues | null): ExpirationFormValues {
  if (!expiration) return { date: null, note: '', yellow: false, yellow_date: null, waiver: false };
  const { date, note, yellow, yellow_date, waiver } = expiration;
  return { date, note, yellow, yellow_date, waiver };
}

interface ExpirationFormDialogProps {
  title: string;
  /** A line under the title (the patient's name in the expirations queue). */
  subtitle?: ReactNode;
  expiration: ExpirationFormValues | null;
  /** Sends the validated body (a create or update mutation). */
  submit: (body: ExpirationBody) => Promise<unknown>;
  successMessage: string;
  onClose: () => void;
}

/**
 * The expiration dialog of the order's Expirations tab and of the expirations queue: Date,
 * Waiver, Yellow with its Yellow Date, and Note (spec 2 and 3). Switching Yellow off clears the
 * yellow date; switching it on asks for one at once. Render it only while open.
 */
export function ExpirationFormDialog({
  title,
  subtitle,
  expiration,
  submit,
  successMessage,
  onClose,
}: ExpirationFormDialogProps) {
  const form = useForm<ExpirationFormValues, unknown, ExpirationBody>({
    resolver: schemaResolver(expirationSchema, (values: ExpirationFormValues) => values),
    defaultValues: expirationFormValues(expiration),
    mode: 'onTouched',
  });
  const { control, register, setValue, formState } = form;
  const yellow = useWatch({ control, name: 'yellow' });
  const onSubmit = useSubmitForm({ form, submit, successMessage, fields: FIELDS, close: onClose });

  return (
    <FormDialog
      title={title}
      subtitle={subtitle}
      onSubmit={onSubmit}
      onClose={onClose}
      control={control}
      submitLabel="Save"
    >
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
            onToggle={(checked) => {
              if (!checked) setValue('yellow_date', null, { shouldDirty: true, shouldValidate: true });
              else void form.trigger('yellow_date');
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField control={control} name="yellow_date" label="Yellow Date" required={yellow} disabled={!yellow} />
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
    </FormDialog>
  );
}
