import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { FieldError, UseFormRegister } from 'react-hook-form';

/** Spec: each notes area shows 15 rows. */
export const NOTES_ROWS = 15;

export interface NotesValues {
  office_notes: string;
  patient_notes: string;
}

interface NotesFieldsProps<T extends NotesValues> {
  register: UseFormRegister<T>;
  errors: { office_notes?: FieldError; patient_notes?: FieldError };
}

/** Office Notes and Patients Notes of an order (Create Order and the Notes tab). */
export function NotesFields<T extends NotesValues>({ register, errors }: NotesFieldsProps<T>) {
  // Both forms hold these two names; the generic register cannot know that on its own.
  const reg = register as unknown as UseFormRegister<NotesValues>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <TextField
          {...reg('office_notes')}
          label="Office Notes"
          multiline
          rows={NOTES_ROWS}
          error={Boolean(errors.office_notes)}
          helperText={errors.office_notes?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <TextField
          {...reg('patient_notes')}
          label="Patients Notes"
          multiline
          rows={NOTES_ROWS}
          error={Boolean(errors.patient_notes)}
          helperText={errors.patient_notes?.message}
        />
      </Grid>
    </Grid>
  );
}
