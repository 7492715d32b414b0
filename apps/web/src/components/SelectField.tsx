import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps<T extends FieldValues, C = unknown, TT extends FieldValues = T> {
  control: Control<T, C, TT>;
  name: FieldPath<T>;
  label: string;
  /** Plain strings are both value and label. */
  options: readonly (string | SelectOption)[];
  required?: boolean;
  disabled?: boolean;
  /** Replaces storing the value when choosing must also fill other fields. */
  onChoose?: (value: string) => void;
}

/** A select bound to react-hook-form, with the field's error under it. */
export function SelectField<T extends FieldValues, C = unknown, TT extends FieldValues = T>({
  control, name, label, options, required, disabled, onChoose,
}: SelectFieldProps<T, C, TT>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          disabled={disabled}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => (onChoose ? onChoose(event.target.value) : field.onChange(event.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => {
            const o = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            );
          })}
        </TextField>
      )}
    />
  );
}
