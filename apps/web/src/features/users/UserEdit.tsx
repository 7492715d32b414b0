import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { fullName, MSG, USER_MESSAGES, type User } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth, useSession } from '@/lib/auth.ts';
import { useNotify } from '@/lib/notify.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useRoles } from './api/get-roles.ts';
import { useUser } from './api/get-user.ts';
import { useUpdateUser } from './api/update-user.ts';
import { UserFields } from './UserFields.tsx';
import { USER_FORM_FIELDS, userToFormValues } from './user-form.ts';
import { useUserForm } from './use-user-form.ts';
import { PageLoading } from '@/components/PageLoading.tsx';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Users', to: paths.users.list },
  { label: 'Edit User' },
];

function EditUserForm({ user }: { user: User }) {
  const notify = useNotify();
  const session = useSession();
  const { updateSession } = useAuth();
  const roles = useRoles();
  const update = useUpdateUser(user.id);
  const { form, birthdateInvalid } = useUserForm('edit', userToFormValues(user));
  const { control, register, reset, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(body),
    fields: USER_FORM_FIELDS,
    onSuccess: (response) => {
      if (!response.success) {
        notify.error(response.message || MSG.requestFailed);
        return;
      }
      notify.success(USER_MESSAGES.updated);
      reset(userToFormValues(response.data));
      if (response.data.id === session.id) {
        const p = response.data.profile;
        updateSession({
          fullName: fullName({ first_name: p.first_name, last_name: p.last_name }),
          username: response.data.username,
        });
      }
    },
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Edit User">
        <UserFields
          mode="edit"
          control={control}
          register={register}
          roles={roles.data ?? []}
          isSelf={session.id === user.id}
        />
        <FormActions
          control={control}
          submitLabel="Save Changes"
          loading={roles.isLoading}
          extraDisabled={[birthdateInvalid]}
        >
          <Button component={RouterLink} to={paths.users.list} color="inherit">
            Back to Users
          </Button>
        </FormActions>
      </Stack>
      {guard.dialog}
    </>
  );
}

function EditUserLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const user = useUser(id);
  useEffect(() => {
    if (user.isError) void navigate(paths.notFound, { replace: true });
  }, [user.isError, navigate]);
  if (!user.data) return <PageLoading />;
  // Keyed by id so another user's screen starts from a fresh form.
  return <EditUserForm key={user.data.id} user={user.data} />;
}

/** /users/:id */
export function UserEdit() {
  const id = useIdParam();
  return (
    <>
      <PageHeader title="Edit User" breadcrumbs={breadcrumbs} />
      {id !== null ? <EditUserLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
