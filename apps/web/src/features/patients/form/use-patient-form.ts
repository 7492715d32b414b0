import { useForm, useWatch } from 'react-hook-form';
import { createPatientSchema, type CreatePatientBody } from '@dme/shared';
import { isInvalidDateValue } from '@/components/DateField.tsx';
import { schemaResolver } from '@/lib/form-resolver.ts';
import type { PatientFormValues } from './patient-form.ts';

/**
 * Form state of Create and Edit Patient with the shared schema's messages. Both screens validate
 * the whole record with the same schema; it also drops the contact rows unless both switches are on.
 */
export function usePatientForm(defaultValues: PatientFormValues) {
  const resolver = schemaResolver<PatientFormValues, CreatePatientBody>(createPatientSchema);
  const form = useForm<PatientFormValues, unknown, CreatePatientBody>({ resolver, defaultValues, mode: 'onTouched' });
  const birthdate = useWatch({ control: form.control, name: 'birthdate' });
  return { form, birthdateInvalid: isInvalidDateValue(birthdate) };
}

export type PatientFormControl = ReturnType<typeof usePatientForm>['form']['control'];
