import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface OutlinedFieldProps extends Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'onChange' | 'onBlur' | 'endAdornment' | 'disabled'
> {
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text field that looks and reads like the theme's TextField (small, full width, outlined,
 * label, helper text) for the sign-in screens. MUI's TextField always brings Select and Menu
 * along; this one is built from the input parts alone so the sign-in page stays light. Takes
 * react-hook-form's `register(...)` props as they are.
 */
export function OutlinedField({ label, required, error, helperText, ref, ...input }: OutlinedFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" size="small" fullWidth required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={required ? `${label} *` : label}
        inputRef={ref}
        inputProps={{ 'aria-describedby': helperId }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
