import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  /** Stored as given: a number (an id) stays a number. */
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
  /** Shown under the field while it has no error. */
  helperText?: string;
  /** Offers "no choice" first under this label (its value is ''). */
  emptyOption?: string;
  /** Replaces storing the value when choosing must also fill other fields. */
  onChoose?: (value: string | number) => void;
  /** Called after the chosen value is stored (e.g. to save it at once). */
  onChanged?: (value: string | number) => void;
}

const asOption = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { value: option, label: option } : option;

/**
 * A select bound to react-hook-form, with the field's error under it. Option values may be
 * numbers (ids); a value that is not among the options (not loaded yet, or '') shows as empty.
 */
export function SelectField<T extends FieldValues, C = unknown, TT extends FieldValues = T>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  emptyOption,
  onChoose,
  onChanged,
}: SelectFieldProps<T, C, TT>) {
  const choices = [...(emptyOption === undefined ? [] : [{ value: '', label: emptyOption }]), ...options.map(asOption)];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const shown: unknown = choices.some((o) => o.value === field.value) ? field.value : '';
        return (
          <TextField
            select
            label={label}
            required={required}
            disabled={disabled}
            name={field.name}
            inputRef={field.ref}
            value={shown}
            // A value that arrives without a click (options loaded later, a form reset) must still
            // lift the label off the text; so does the "no choice" option, which shows as text too.
            slotProps={{
              inputLabel: { shrink: shown !== '' || emptyOption !== undefined ? true : undefined },
              select: { displayEmpty: emptyOption !== undefined },
            }}
            onChange={(event) => {
              // The DOM reports text; store the option's own value so ids stay numbers.
              const chosen = choices.find((o) => String(o.value) === String(event.target.value));
              if (!chosen) return;
              if (onChoose) {
                onChoose(chosen.value);
                return;
              }
              field.onChange(chosen.value);
              onChanged?.(chosen.value);
            }}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helperText}
          >
            {choices.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.value === '' ? <em>{o.label}</em> : o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
