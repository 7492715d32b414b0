import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('/reset-password/', body, { token: null, skipUnauthorized: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
