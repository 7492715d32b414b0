import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function forgotPassword(body: { email: string }): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('/forgot-password/', body, { token: null, skipUnauthorized: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
