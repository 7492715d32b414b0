import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, type UseFormRegister } from 'react-hook-form';
import { NPI_LENGTH } from '@dme/shared';
import { PhoneField } from '@/components/PhoneField.tsx';
import type { PatientFormValues } from './patient-form.ts';
import type { PatientFormControl } from './use-patient-form.ts';

interface Props {
  control: PatientFormControl;
  register: UseFormRegister<PatientFormValues>;
}

/** The physician block: a tab of Create Patient, a section of Edit Patient's Insurances tab. */
export function PhysicianFields({ control, register }: Props) {
  const { errors } = useFormState({ control });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          {...register('physician_name')}
          label="Physician Name"
          error={Boolean(errors.physician_name)}
          helperText={errors.physician_name?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextField
          {...register('physician_npi')}
          label="NPI"
          error={Boolean(errors.physician_npi)}
          helperText={errors.physician_npi?.message}
          slotProps={{ htmlInput: { maxLength: NPI_LENGTH, inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="physician_phone" label="Physician Phone" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="physician_fax" label="Physician Fax" />
      </Grid>
    </Grid>
  );
}
