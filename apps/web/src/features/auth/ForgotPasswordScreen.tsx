import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { OutlinedField } from '@/components/OutlinedField.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordSchema, LOGIN_MESSAGES } from '@dme/shared';
import { usePageTitle } from '@/components/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { AuthCard } from './AuthCard.tsx';

function forgotErrorMessage(error: unknown): string {
  if (isApiError(error, 429)) return detailOf(error.body) ?? LOGIN_MESSAGES.forgotUnknown;
  if (isApiError(error, 0)) return error.message;
  return LOGIN_MESSAGES.forgotUnknown;
}

/** /forgot-password: asks for the account's email and mails a reset link. */
export function ForgotPasswordScreen() {
  usePageTitle('Forgot Password');
  const notify = useNotify();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
      notify.success(LOGIN_MESSAGES.forgotSent);
    } catch (error) {
      notify.error(forgotErrorMessage(error));
    }
  });

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <Stack component="form" noValidate spacing={2.25} onSubmit={onSubmit}>
        {sentTo ? <Alert severity="success">Check the inbox of {sentTo} for the reset link.</Alert> : null}
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
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
          Send Reset Link
        </Button>
        <Link component={RouterLink} to={paths.login} variant="body2" sx={{ alignSelf: 'center' }}>
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}
