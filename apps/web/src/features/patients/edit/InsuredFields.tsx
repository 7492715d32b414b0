import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import { DateField } from '@/components/DateField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import type { InsuranceBody, InsuranceValues } from './insurance-form.ts';

const GENDERS = ['Female', 'Male', 'Unknown'] as const;

interface InsuredFieldsProps {
  control: Control<InsuranceValues, unknown, InsuranceBody>;
  register: UseFormRegister<InsuranceValues>;
}

/** The insured person (the subscriber) when it is not the patient: a claim names them beside the patient. */
export function InsuredFields({ control, register }: InsuredFieldsProps) {
  const { errors } = useFormState({ control });
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('subscriber_first_name')}
          label="Insured's first name"
          error={Boolean(errors.subscriber_first_name)}
          helperText={errors.subscriber_first_name?.message}
          slotProps={{ htmlInput: { maxLength: 35 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('subscriber_last_name')}
          label="Insured's last name"
          error={Boolean(errors.subscriber_last_name)}
          helperText={errors.subscriber_last_name?.message}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField
          control={control}
          name="subscriber_birthdate"
          label="Insured's birthdate"
          size="medium"
          disableFuture
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField
          control={control}
          name="subscriber_gender"
          label="Insured's gender"
          emptyOption="Not given"
          options={GENDERS}
        />
      </Grid>
    </>
  );
}
