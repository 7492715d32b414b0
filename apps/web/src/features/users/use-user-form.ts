import { useForm, useWatch } from 'react-hook-form';
import { createUserSchema, updateUserSchema, type UpdateUserBody } from '@dme/shared';
import { isInvalidDateValue } from '@/components/DateField.tsx';
import { schemaResolver } from '@/lib/form-resolver.ts';
import type { UserFormValues } from './user-form.ts';

/** The body both screens send; a create body always carries a password. */
export type UserBody = UpdateUserBody;

/** Form state of Create User / Edit User with the shared schema's messages. */
export function useUserForm(mode: 'create' | 'edit', defaultValues: UserFormValues) {
  const resolver = schemaResolver<UserFormValues, UserBody>(mode === 'create' ? createUserSchema : updateUserSchema);
  const form = useForm<UserFormValues, unknown, UserBody>({ resolver, defaultValues, mode: 'onTouched' });
  const birthdate = useWatch({ control: form.control, name: 'profile.birthdate' });
  return { form, birthdateInvalid: isInvalidDateValue(birthdate) };
}
