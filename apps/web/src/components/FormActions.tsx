import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';

export interface SubmitState {
  isSubmitting: boolean;
  isValid: boolean;
  isDirty: boolean;
  /** Data the form needs is still loading. */
  loading?: boolean;
  /** Further reasons, e.g. a date field holding an invalid date. */
  extra?: boolean[];
}

/** The spec's rule for every submit button: not while loading or submitting, invalid or unchanged. */
export function isSubmitDisabled({
  isSubmitting,
  isValid,
  isDirty,
  loading = false,
  extra = [],
}: SubmitState): boolean {
  return loading || isSubmitting || !isValid || !isDirty || extra.some(Boolean);
}

interface FormActionsProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  submitLabel: string;
  loading?: boolean;
  extraDisabled?: boolean[];
  /** Extra buttons left of the submit button (Cancel, Back ...). */
  children?: ReactNode;
}

export function FormActions<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  submitLabel,
  loading,
  extraDisabled,
  children,
}: FormActionsProps<T, TOut>) {
  const { isSubmitting, isValid, isDirty } = useFormState({ control });
  const disabled = isSubmitDisabled({ isSubmitting, isValid, isDirty, loading, extra: extraDisabled });
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {children}
      <Button
        type="submit"
        variant="contained"
        disabled={disabled}
        startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}

export interface DialogFormActionsProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<
  FormActionsProps<T, TOut>,
  'children'
> {
  onCancel: () => void;
}

/** A form dialog's footer: Cancel (not while saving) and the submit button under the spec's rule. */
export function DialogFormActions<T extends FieldValues, TOut extends FieldValues = T>({
  onCancel,
  ...actions
}: DialogFormActionsProps<T, TOut>) {
  const { isSubmitting } = useFormState({ control: actions.control });
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <FormActions {...actions}>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          Cancel
        </Button>
      </FormActions>
    </DialogActions>
  );
}
