import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { OutlinedField } from '@/components/OutlinedField.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { loginSchema, type LoginBody } from '@dme/shared';
import { PasswordField } from '@/components/PasswordField.tsx';
import { usePageTitle } from '@/components/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { SIGN_IN_NOTIFY_DURATION_MS, useNotify } from '@/lib/notify.ts';
import { loginErrorMessage, useLogin } from './api/login.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * /login (and any unknown path). After sign-in the public-route guard sends the user back to the
 * location they asked for, or to /home.
 */
export function LoginScreen() {
  usePageTitle('Sign In');
  const { signIn } = useAuth();
  const notify = useNotify();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await login.mutateAsync(values);
      const session = signIn(response);
      notify.dismissAll();
      notify.success(`Welcome, ${session.fullName}!`, { autoHideDuration: SIGN_IN_NOTIFY_DURATION_MS });
    } catch (error) {
      notify.error(loginErrorMessage(error));
    }
  });

  return (
    <AuthCard title="Sign in" subtitle="Use the account your office administrator gave you.">
      <Stack component="form" noValidate spacing={2.25} onSubmit={onSubmit}>
        <OutlinedField
          {...register('username')}
          label="Username"
          autoComplete="username"
          autoFocus
          error={Boolean(errors.username)}
          helperText={errors.username?.message}
        />
        <PasswordField
          {...register('password')}
          label="Password"
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
          Sign In
        </Button>
        <Link component={RouterLink} to={paths.forgotPassword} variant="body2" sx={{ alignSelf: 'center' }}>
          Forgot password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
