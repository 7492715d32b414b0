import { useId, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { cleanPolicyNumber, PATIENT_MESSAGES, RELATIONSHIPS } from '@dme/shared';
import { isSubmitDisabled } from '@/components/FormActions.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import { useVendors } from '@/lib/api/vendors.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import {
  INSURANCE_FIELDS,
  insuranceInput,
  insuranceSchema,
  insuranceToValues,
  PRIORITY_OPTIONS,
  SELF,
  type InsuranceBody,
  type InsuranceRecord,
  type InsuranceValues,
} from './insurance-form.ts';
import { InsuredFields } from './InsuredFields.tsx';

interface InsuranceDialogProps {
  /** The insurance to edit; a new one when absent. */
  insurance?: InsuranceRecord;
  onSave: (body: InsuranceBody) => Promise<unknown>;
  onClose: () => void;
}

const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((r) => ({ value: r.code, label: r.label }));

/** Add and edit dialog of a patient's insurance: the spec's name and policy number, then the coverage. */
export function InsuranceDialog({ insurance, onSave, onClose }: InsuranceDialogProps) {
  const titleId = useId();
  const editing = insurance !== undefined;
  const vendors = useVendors();
  const form = useForm<InsuranceValues, unknown, InsuranceBody>({
    resolver: schemaResolver<InsuranceValues, InsuranceBody>(insuranceSchema, insuranceInput),
    defaultValues: insuranceToValues(insurance),
    mode: 'onTouched',
  });
  const { control, register, formState, getValues, setValue } = form;
  const { errors, isSubmitting } = formState;
  const relationship = useWatch({ control, name: 'relationship' });

  const save = useSubmitForm({
    form,
    submit: onSave,
    successMessage: editing ? PATIENT_MESSAGES.insuranceUpdated : PATIENT_MESSAGES.insuranceAdded,
    errorMessage: PATIENT_MESSAGES.requestFailed,
    fields: INSURANCE_FIELDS,
    close: onClose,
  });
  const submit = (event: FormEvent) => {
    // Inside the patient form in React's tree: keep this submit from reaching it.
    event.stopPropagation();
    void save(event);
  };

  const payers = (vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }));
  // Choosing a payer names the insurance after it, unless it already has a name.
  const choosePayer = (value: string | number) => {
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
    setValue('vendor_id', value === '' ? '' : Number(value), options);
    const payer = vendors.data?.find((vendor) => vendor.id === value);
    if (payer && getValues('name').trim() === '') setValue('name', payer.name, options);
  };

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Insurance' : 'New Insurance'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <SelectField
                control={control}
                name="vendor_id"
                label="Payer"
                emptyOption="None"
                options={payers}
                onChoose={choosePayer}
                helperText={vendors.isError ? PATIENT_MESSAGES.requestFailed : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                control={control}
                name="priority"
                label="Priority"
                emptyOption="None"
                options={PRIORITY_OPTIONS}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('name')}
                label="Name"
                required
                autoFocus
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
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
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...register('group_number')}
                label="Group number"
                error={Boolean(errors.group_number)}
                helperText={errors.group_number?.message}
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField
                control={control}
                name="relationship"
                label="Relationship to insured"
                options={RELATIONSHIP_OPTIONS}
              />
            </Grid>
            {relationship === SELF ? null : <InsuredFields control={control} register={register} />}
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
