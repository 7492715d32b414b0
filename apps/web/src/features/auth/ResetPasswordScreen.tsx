import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { OutlinedField } from '@/components/OutlinedField.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LOGIN_MESSAGES, resetPasswordSchema } from '@dme/shared';
import { PasswordField } from '@/components/PasswordField.tsx';
import { usePageTitle } from '@/components/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthCard } from './AuthCard.tsx';

interface ResetValues {
  email: string;
  password: string;
  confirm_password: string;
}

const FIELDS = ['email', 'password', 'confirm_password'] as const;

/** /reset-password/:token: the link from the email. */
export function ResetPasswordScreen() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const { register, handleSubmit, setError, formState } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, reset_token: token });
      notify.success(LOGIN_MESSAGES.resetDone);
      await navigate(paths.login, { replace: true });
    } catch (error) {
      if (isApiError(error, 422) && applyFieldErrors(error.body, setError, FIELDS).length) return;
      notify.error(isApiError(error, 0) ? error.message : LOGIN_MESSAGES.resetInvalid);
    }
  });

  return (
    <AuthCard title="Reset password" subtitle="Confirm your email and choose a new password.">
      <Stack component="form" noValidate spacing={2.25} onSubmit={onSubmit}>
        <OutlinedField
          {...register('email')}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label="Password"
          autoComplete="new-password"
          required
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? 'At least 8 characters'}
        />
        <PasswordField
          {...register('confirm_password')}
          label="Confirm Password"
          autoComplete="new-password"
          required
          error={Boolean(errors.confirm_password)}
          helperText={errors.confirm_password?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
          Change Password
        </Button>
        <Link component={RouterLink} to={paths.login} variant="body2" sx={{ alignSelf: 'center' }}>
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}
