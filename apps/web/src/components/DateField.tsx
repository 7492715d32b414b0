import { useCallback, useRef, useState, type Ref } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DISPLAY_DATE, isWireDate, MSG, WIRE_DATE } from '@dme/shared';

/**
 * What a DateField puts in its form value while the typed date is incomplete or impossible.
 * It is not a YYYY-MM-DD date, so the shared schemas reject it with "Invalid date".
 */
export const INVALID_DATE = 'invalid-date';

export function isInvalidDateValue(value: unknown): boolean {
  return value === INVALID_DATE;
}

function toDayjs(value: string | null): Dayjs | null {
  return value && isWireDate(value) ? dayjs(value, WIRE_DATE) : null;
}

function sameDay(a: Dayjs | null, b: Dayjs | null): boolean {
  if (a === null || b === null) return a === b;
  return a.isValid() && b.isValid() && a.isSame(b, 'day');
}

export interface DateInputProps {
  label: string;
  /** 'YYYY-MM-DD' or null (any other text, such as INVALID_DATE, leaves the field as typed). */
  value: string | null;
  /** Called with 'YYYY-MM-DD' or null; not called while the typed date is invalid. */
  onChange: (value: string | null) => void;
  /** Reports whether the field holds an invalid date (so a submit can be disabled). */
  onInvalidChange?: (invalid: boolean) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  disableFuture?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/** MUI date picker shown as MM/DD/YYYY and exchanged as 'YYYY-MM-DD'. */
export function DateInput({
  label,
  value,
  onChange,
  onInvalidChange,
  onBlur,
  name,
  inputRef,
  error,
  helperText,
  required,
  disabled,
  disableFuture,
  size = 'small',
  fullWidth = true,
}: DateInputProps) {
  const [picked, setPicked] = useState<Dayjs | null>(() => toDayjs(value));
  const [invalid, setInvalid] = useState(false);
  // A half-typed date is invalid on every keystroke; say so once the user leaves the field.
  const [focused, setFocused] = useState(false);
  const showInvalid = invalid && !focused;
  const [seenValue, setSeenValue] = useState(value);
  // Follow outside changes (a form reset, a loaded record) without undoing what is being typed.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value === null || isWireDate(value)) {
      const next = toDayjs(value);
      if (!sameDay(next, picked)) {
        setPicked(next);
        setInvalid(false);
      }
    }
  }

  // The picker keeps its value null while only some sections are typed ("MM/DD/1950"); its
  // hidden input still shows them, so a blur can tell such a half date from an empty field.
  const hiddenInput = useRef<HTMLInputElement | null>(null);
  const setInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      hiddenInput.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  const checkPartial = () => {
    if (picked !== null) return;
    const partial = /\d/.test(hiddenInput.current?.value ?? '');
    if (partial === invalid) return;
    onInvalidChange?.(partial);
    setInvalid(partial);
    if (!partial) onChange(null);
  };

  const handleChange = (next: Dayjs | null, validationError: unknown) => {
    setPicked(next);
    const bad = next !== null && (!next.isValid() || validationError !== null);
    if (bad !== invalid) onInvalidChange?.(bad);
    setInvalid(bad);
    if (!bad) onChange(next ? next.format(WIRE_DATE) : null);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        value={picked}
        format={DISPLAY_DATE}
        disabled={disabled}
        disableFuture={disableFuture}
        inputRef={setInputRef}
        onChange={(next, context) => handleChange(next, context.validationError)}
        slotProps={{
          field: { clearable: true },
          textField: {
            name,
            required,
            size,
            fullWidth,
            onFocus: () => setFocused(true),
            onBlur: () => {
              setFocused(false);
              checkPartial();
              onBlur?.();
            },
            error: showInvalid || error,
            helperText: showInvalid ? MSG.invalidDate : helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}

interface DateFieldProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'name' | 'error'
> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/** DateInput bound to a react-hook-form field; an invalid date fails the shared schema. */
export function DateField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  helperText,
  onInvalidChange,
  ...props
}: DateFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateInput
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : null}
      onChange={field.onChange}
      onInvalidChange={(invalid) => {
        if (invalid) field.onChange(INVALID_DATE);
        onInvalidChange?.(invalid);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
