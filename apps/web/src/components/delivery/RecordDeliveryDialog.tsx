import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useController, useForm } from 'react-hook-form';
import {
  DELIVERY_RELATIONSHIP_LABELS,
  DELIVERY_RELATIONSHIPS,
  DOCUMENT_MESSAGES,
  deliveryBodySchema,
  type DeliveryBody,
  type DeliveryRelationship,
} from '@dme/shared';
import { FormDialog } from '@/components/FormDialog.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useRecordDelivery } from '@/lib/api/deliveries.ts';
import { usePatientAddress } from '@/lib/api/patients.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { SignatureInput } from './SignaturePad.tsx';

/** What a datetime-local field holds: the browser's own clock, to the minute. */
const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

interface DeliveryFormValues {
  recipient_name: string;
  relationship: DeliveryRelationship | '';
  /** As the field holds it (YYYY-MM-DDTHH:mm, the browser's clock). */
  delivered_at: string;
  address: string;
  /** The drawn signature's PNG data URL; '' until signed. */
  signature: string;
}

const FIELDS = ['recipient_name', 'relationship', 'delivered_at', 'address', 'signature'];
const RELATIONSHIPS = DELIVERY_RELATIONSHIPS.map((value) => ({ value, label: DELIVERY_RELATIONSHIP_LABELS[value] }));

/**
 * The body as sent: the time typed is the person's own clock, so it goes with this browser's
 * offset (the server reads it as that instant and dates it in the office's time zone).
 */
function bodyOf(values: DeliveryFormValues): unknown {
  const typed = dayjs(values.delivered_at, LOCAL_MINUTE, true);
  return { ...values, delivered_at: typed.isValid() ? typed.format('YYYY-MM-DDTHH:mm:ssZ') : values.delivered_at };
}

/** Why the server refused the delivery, in words: a 409's reason, or the reasons it is on hold. */
function refusalOf(error: unknown): string[] | null {
  if (isApiError(error, 409)) return [detailOf(error.body) ?? DOCUMENT_MESSAGES.alreadyDelivered];
  if (isApiError(error, 422) && typeof error.body === 'object' && error.body !== null) {
    const holds = (error.body as Record<string, unknown>).holds;
    if (Array.isArray(holds) && holds.every((h) => typeof h === 'string')) return holds;
  }
  return null;
}

export interface RecordDeliveryDialogProps {
  occurrenceId: number;
  /** Which occurrence, under the title ("Rose Miller, 05/01/2026"). */
  subtitle: string;
  /** The address the form starts with (the patient's). */
  defaultAddress: string;
  /** The queries that show the occurrence, refetched once it is delivered. */
  refresh: readonly QueryKey[];
  onClose: () => void;
}

/**
 * Record delivery: who received it and how they relate to the patient, when, where, and their
 * signature drawn on the screen. Saving ships the occurrence on the delivery date. Save stays off
 * until the form is complete and signed. Render it only while open.
 */
export function RecordDeliveryDialog({
  occurrenceId,
  subtitle,
  defaultAddress,
  refresh,
  onClose,
}: RecordDeliveryDialogProps) {
  const mutation = useRecordDelivery(occurrenceId, refresh);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const form = useForm<DeliveryFormValues, unknown, DeliveryBody>({
    resolver: schemaResolver(deliveryBodySchema, bodyOf),
    defaultValues: {
      recipient_name: '',
      relationship: '',
      delivered_at: dayjs().format(LOCAL_MINUTE),
      address: defaultAddress,
      signature: '',
    },
    mode: 'onTouched',
  });
  const { control, register, formState } = form;
  const signature = useController({ control, name: 'signature' });
  const onSubmit = useSubmitForm({
    form,
    fields: FIELDS,
    successMessage: DOCUMENT_MESSAGES.delivered,
    close: onClose,
    submit: async (body: DeliveryBody) => {
      setRefusal(null);
      try {
        return await mutation.mutateAsync(body);
      } catch (error) {
        setRefusal(refusalOf(error));
        throw error;
      }
    },
    errorText: (error) => refusalOf(error)?.join(' '),
  });
  const fieldError = (name: keyof DeliveryFormValues) => ({
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name]?.message,
  });

  return (
    <FormDialog
      title="Record delivery"
      subtitle={subtitle}
      onSubmit={onSubmit}
      onClose={onClose}
      control={control}
      submitLabel="Save"
    >
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal.length === 1 ? (
            refusal[0]
          ) : (
            <>
              This occurrence is on hold:
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {refusal.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('recipient_name')}
            label="Recipient's name"
            required
            size="small"
            fullWidth
            {...fieldError('recipient_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="relationship"
            label="Relationship to the patient"
            options={RELATIONSHIPS}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('delivered_at')}
            type="datetime-local"
            label="Delivery date and time"
            required
            size="small"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
            {...fieldError('delivered_at')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...register('address')}
            label="Delivery address"
            required
            size="small"
            fullWidth
            multiline
            minRows={2}
            {...fieldError('address')}
          />
        </Grid>
        <Grid size={12}>
          <SignatureInput
            required
            disabled={formState.isSubmitting}
            error={Boolean(signature.fieldState.error)}
            helperText={signature.fieldState.error?.message ?? 'The recipient signs in the box.'}
            onChange={(dataUrl) => {
              signature.field.onChange(dataUrl ?? '');
              signature.field.onBlur();
            }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** Record delivery for a patient's occurrence, the address prefilled with the patient's (read once). */
export function RecordPatientDeliveryDialog({
  patientId,
  ...props
}: Omit<RecordDeliveryDialogProps, 'defaultAddress'> & { patientId: number }) {
  const address = usePatientAddress(patientId);
  // The patient's screen has it already; elsewhere the dialog opens once it is read (or without it).
  if (address.isPending) return null;
  return <RecordDeliveryDialog {...props} defaultAddress={address.data ?? ''} />;
}
