import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { Controller, useFieldArray, useFormState, useWatch, type UseFormRegister } from 'react-hook-form';
import { ToggleField } from '@/components/ToggleField.tsx';
import { ageInYears, PATIENT_GENDERS, PATIENT_STATUSES, todayWire } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { PhoneField } from '@/components/PhoneField.tsx';
import { ContactPersonEditor } from './ContactPersonEditor.tsx';
import { emptyContact, type PatientFormValues } from './patient-form.ts';
import type { PatientFormControl } from './use-patient-form.ts';

/** Age shown in red when it is exactly this (spec part 1, section 9). */
export const HIGHLIGHT_AGE = 20;

interface PatientFieldsProps {
  mode: 'create' | 'edit';
  control: PatientFormControl;
  register: UseFormRegister<PatientFormValues>;
}

function AgeField({ control }: { control: PatientFormControl }) {
  const theme = useTheme();
  const birthdate = useWatch({ control, name: 'birthdate' });
  const age = ageInYears(birthdate, todayWire());
  const highlight = age === HIGHLIGHT_AGE;
  return (
    <TextField
      label="Age"
      value={age ?? ''}
      slotProps={{
        input: { readOnly: true },
        htmlInput: { style: highlight ? { color: theme.palette.error.main, fontWeight: 700 } : undefined },
      }}
    />
  );
}

/** The left side of Create and Edit Patient: one body for both, Age on edit only. */
export function PatientFields({ mode, control, register }: PatientFieldsProps) {
  const { errors } = useFormState({ control });
  const contacts = useFieldArray({ control, name: 'contact_person' });
  const [callBefore, different] = useWatch({ control, name: ['call_before_delivery', 'contact_different_patient'] });
  // The editor opens with one row, so there is always a row to fill in (and to keep).
  const openEditor = (on: boolean) => {
    if (on && contacts.fields.length === 0) contacts.append({ ...emptyContact }, { shouldFocus: false });
  };
  const edit = mode === 'edit';

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('first_name')}
          label="First Name"
          required
          error={Boolean(errors.first_name)}
          helperText={errors.first_name?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('middle_name')}
          label="Middle Name"
          error={Boolean(errors.middle_name)}
          helperText={errors.middle_name?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('last_name')}
          label="Last Name"
          required
          error={Boolean(errors.last_name)}
          helperText={errors.last_name?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="gender"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Gender"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {PATIENT_GENDERS.map((gender) => (
                <MenuItem key={gender} value={gender}>
                  {gender}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="phone" label="Primary Phone" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="mobile" label="Secondary Phone" />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          {...register('email')}
          label="Email"
          type="email"
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField
              select
              label="Status"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            >
              {PATIENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {status}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: edit ? 8 : 12, sm: edit ? 8 : 6 }}>
        <DateField control={control} name="birthdate" label="Date of Birth" disableFuture />
      </Grid>
      {edit ? (
        <Grid size={{ xs: 4, sm: 4 }}>
          <AgeField control={control} />
        </Grid>
      ) : null}
      <Grid size={12}>
        <Stack>
          <ToggleField
            control={control}
            name="call_before_delivery"
            label="Contact prior to delivery"
            onToggle={(checked) => openEditor(checked && different)}
          />
          {callBefore ? (
            <ToggleField
              control={control}
              name="contact_different_patient"
              label="Contact different than patient"
              onToggle={openEditor}
            />
          ) : null}
        </Stack>
      </Grid>
      {callBefore && different ? (
        <Grid size={12}>
          <ContactPersonEditor
            control={control}
            register={register}
            fields={contacts.fields}
            onAdd={() => contacts.append({ ...emptyContact })}
            onRemove={(index) => contacts.remove(index)}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
