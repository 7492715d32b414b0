import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { USER_MESSAGES } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateUser } from './api/create-user.ts';
import { useRoles } from './api/get-roles.ts';
import { UserFields } from './UserFields.tsx';
import { emptyUserValues, USER_FORM_FIELDS } from './user-form.ts';
import { useUserForm } from './use-user-form.ts';

/** /users/create */
export function UserCreate() {
  const navigate = useNavigate();
  const roles = useRoles();
  const create = useCreateUser();
  const { form, birthdateInvalid } = useUserForm('create', emptyUserValues);
  const { control, register, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => create.mutateAsync({ ...body, password: body.password ?? '' }),
    successMessage: USER_MESSAGES.created,
    invalidMessage: USER_MESSAGES.exists,
    fields: USER_FORM_FIELDS,
    redirect: { navigate, guard, to: () => paths.users.list },
  });

  return (
    <>
      <PageHeader
        title="Create User"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Users', to: paths.users.list },
          { label: 'Create User' },
        ]}
      />
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Create User">
        <UserFields mode="create" control={control} register={register} roles={roles.data ?? []} />
        <FormActions
          control={control}
          submitLabel="Create User"
          loading={roles.isLoading}
          extraDisabled={[birthdateInvalid]}
        >
          <Button component={RouterLink} to={paths.users.list} color="inherit">
            Cancel
          </Button>
        </FormActions>
      </Stack>
      {guard.dialog}
    </>
  );
}
