import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface ToggleFieldProps<T extends FieldValues, C = unknown, TT extends FieldValues = T> {
  control: Control<T, C, TT>;
  name: FieldPath<T>;
  label: string;
  kind?: 'switch' | 'checkbox';
  disabled?: boolean;
  /** Runs after the value is stored, for toggles that clear or open other fields. */
  onToggle?: (checked: boolean) => void;
}

/** A labelled switch or checkbox bound to a boolean field of react-hook-form. */
export function ToggleField<T extends FieldValues, C = unknown, TT extends FieldValues = T>({
  control,
  name,
  label,
  kind = 'switch',
  disabled,
  onToggle,
}: ToggleFieldProps<T, C, TT>) {
  const Toggle = kind === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Toggle
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(_event, checked) => {
                field.onChange(checked);
                onToggle?.(checked);
              }}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
