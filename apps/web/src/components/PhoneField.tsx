import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { maskPhone } from '@dme/shared';

type BaseProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'>;

// No maxLength: a pasted "(555) 123-4567" must reach the mask whole before it is trimmed to 10 digits.
const phoneInput = { inputMode: 'tel', placeholder: '000-000-0000' } as const;

/** A phone number typed as 000-000-0000, whatever the user types or pastes. */
export function PhoneInput({
  value,
  onChange,
  ...props
}: BaseProps & { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(maskPhone(event.target.value))}
      slotProps={{ ...props.slotProps, htmlInput: phoneInput }}
    />
  );
}

interface PhoneFieldProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<BaseProps, 'name'> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/** PhoneInput bound to a react-hook-form field. */
export function PhoneField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  helperText,
  ...props
}: PhoneFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PhoneInput
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
