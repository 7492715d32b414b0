import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type FieldPath } from 'react-hook-form';
import type { PatientFormValues } from './patient-form.ts';
import type { PatientFormControl } from './use-patient-form.ts';

type BooleanField = {
  [K in FieldPath<PatientFormValues>]: PatientFormValues[K & keyof PatientFormValues] extends boolean ? K : never;
}[FieldPath<PatientFormValues>];

/** A yes/no select over a boolean field (Facility, Rentals). */
export function YesNoField({
  control,
  name,
  label,
}: {
  control: PatientFormControl;
  name: BooleanField;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ? 'yes' : 'no'}
      onChange={(event) => field.onChange(event.target.value === 'yes')}
      onBlur={field.onBlur}
    >
      <MenuItem value="yes">Yes</MenuItem>
      <MenuItem value="no">No</MenuItem>
    </TextField>
  );
}
