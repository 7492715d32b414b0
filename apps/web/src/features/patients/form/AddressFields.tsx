import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, useFormState, type UseFormRegister } from 'react-hook-form';
import { StatePicker } from '@/components/StatePicker.tsx';
import type { PatientFormValues } from './patient-form.ts';
import type { PatientFormControl } from './use-patient-form.ts';
import { YesNoField } from './YesNoField.tsx';

interface Props {
  control: PatientFormControl;
  register: UseFormRegister<PatientFormValues>;
}

/** The Address tab of both patient forms: address, state, zip, Facility and Rentals. */
export function AddressFields({ control, register }: Props) {
  const { errors } = useFormState({ control });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          {...register('address_1')}
          label="Address 1"
          error={Boolean(errors.address_1)}
          helperText={errors.address_1?.message}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...register('address_2')}
          label="Address 2"
          error={Boolean(errors.address_2)}
          helperText={errors.address_2?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextField {...register('city')} label="City" error={Boolean(errors.city)} helperText={errors.city?.message} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="state_id"
          render={({ field, fieldState }) => (
            <StatePicker
              // The spec labels the picker "State *": the shared schema requires it ("State is required").
              label="State"
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>
        <TextField
          {...register('zip')}
          label="Zip"
          error={Boolean(errors.zip)}
          helperText={errors.zip?.message}
          slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <YesNoField control={control} name="facility" label="Facility" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <YesNoField control={control} name="rentals" label="Rentals" />
      </Grid>
    </Grid>
  );
}
