import { useId, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { PATIENT_MESSAGES } from '@dme/shared';
import { isSubmitDisabled } from '@/components/FormActions.tsx';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import {
  DIAGNOSIS_FIELDS,
  diagnosisSchema,
  type DiagnosisBody,
  type DiagnosisRecord,
  type DiagnosisValues,
} from './diagnosis-form.ts';

interface DiagnosisDialogProps {
  /** The entry to edit; a new one when absent. */
  diagnosis?: DiagnosisRecord;
  onSave: (body: DiagnosisBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * New and edit dialog of a diagnosis entry: the spec's multiline text, and beside it the ICD-10-CM
 * code a claim carries (optional). Mount it only while open.
 */
export function DiagnosisDialog({ diagnosis, onSave, onClose }: DiagnosisDialogProps) {
  const titleId = useId();
  const editing = diagnosis !== undefined;
  const form = useForm<DiagnosisValues, unknown, DiagnosisBody>({
    resolver: schemaResolver<DiagnosisValues, DiagnosisBody>(diagnosisSchema),
    defaultValues: { text: diagnosis?.text ?? '', code: diagnosis?.code ?? '' },
    mode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;

  const save = useSubmitForm({
    form,
    submit: onSave,
    successMessage: editing ? PATIENT_MESSAGES.dialogUpdated : PATIENT_MESSAGES.dialogCreated,
    errorMessage: PATIENT_MESSAGES.requestFailed,
    fields: DIAGNOSIS_FIELDS,
    close: onClose,
  });
  const submit = (event: FormEvent) => {
    // The dialog sits inside the patient form in React's tree: its submit must not reach that form.
    event.stopPropagation();
    void save(event);
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Diagnosis' : 'New Diagnosis'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                {...register('text')}
                label="Diagnosis"
                multiline
                minRows={4}
                maxRows={12}
                autoFocus
                error={Boolean(errors.text)}
                helperText={errors.text?.message}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...register('code')}
                label="ICD-10 code"
                error={Boolean(errors.code)}
                helperText={errors.code?.message ?? 'Optional, e.g. J44.9'}
                slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters' } }}
              />
            </Grid>
          </Grid>
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
