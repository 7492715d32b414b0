import { useForm } from 'react-hook-form';
import {
  BILLING_SETTINGS_FIELDS,
  billingSettingsSchema,
  maskPhone,
  type BillingSettings,
  type BillingSettingsBody,
} from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';

/** What the Billing settings form edits: the settings as the server answers them, phones and ZIP shown masked. */
export type BillingFormValues = BillingSettings;

/** Every field of the settings: a 422 may name any of them. */
export const BILLING_FORM_FIELDS = BILLING_SETTINGS_FIELDS;

/** A stored nine-digit ZIP as people write it (78701-1234); anything else as stored. */
export function showZip(zip: string): string {
  return /^[0-9]{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
}

export function settingsToFormValues(settings: BillingSettings): BillingFormValues {
  return {
    ...settings,
    zip: showZip(settings.zip),
    phone: maskPhone(settings.phone),
    submitter_contact_phone: maskPhone(settings.submitter_contact_phone),
  };
}

/** The form with the shared schema the server checks the PUT with (digits kept, codes upper-cased). */
export function useBillingForm(defaultValues: BillingFormValues) {
  return useForm<BillingFormValues, unknown, BillingSettingsBody>({
    resolver: schemaResolver<BillingFormValues, BillingSettingsBody>(billingSettingsSchema),
    defaultValues,
    mode: 'onTouched',
  });
}

export type BillingForm = ReturnType<typeof useBillingForm>;
