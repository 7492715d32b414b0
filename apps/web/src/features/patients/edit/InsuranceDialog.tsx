import { useId, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import {
  cleanPolicyNumber,
  PATIENT_MESSAGES,
  patientInsuranceBodySchema,
  type PatientInsurance,
  type PatientInsuranceBody,
  type PatientInsuranceInput,
} from '@dme/shared';
import { isSubmitDisabled } from '@/components/FormActions.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';

interface InsuranceDialogProps {
  /** The insurance to edit; a new one when absent. */
  insurance?: PatientInsurance;
  onSave: (body: PatientInsuranceBody) => Promise<unknown>;
  onClose: () => void;
}

type InsuranceValues = PatientInsuranceInput;

/** Add and edit dialog of a patient's insurance. Mount it only while open. */
export function InsuranceDialog({ insurance, onSave, onClose }: InsuranceDialogProps) {
  const titleId = useId();
  const editing = insurance !== undefined;
  const form = useForm<InsuranceValues, unknown, PatientInsuranceBody>({
    resolver: zodResolver(patientInsuranceBodySchema),
    defaultValues: { name: insurance?.name ?? '', policy_number: insurance?.policy_number ?? '' },
    mode: 'onTouched',
  });
  const { control, register, formState } = form;
  const { errors, isSubmitting } = formState;

  const save = useSubmitForm({
    form,
    submit: onSave,
    successMessage: editing ? PATIENT_MESSAGES.insuranceUpdated : PATIENT_MESSAGES.insuranceAdded,
    errorMessage: PATIENT_MESSAGES.requestFailed,
    fields: ['name', 'policy_number'],
    close: onClose,
  });
  const submit = (event: FormEvent) => {
    // Inside the patient form in React's tree: keep this submit from reaching it.
    event.stopPropagation();
    void save(event);
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Insurance' : 'New Insurance'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...register('name')}
              label="Name"
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
            <Controller
              control={control}
              name="policy_number"
              render={({ field, fieldState }) => (
                <TextField
                  label="Policy Number"
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  // Spaces, dots and dashes never belong to a policy number: drop them as typed.
                  onChange={(event) => field.onChange(cleanPolicyNumber(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitDisabled(formState)}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
