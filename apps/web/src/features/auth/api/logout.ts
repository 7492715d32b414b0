import { api } from '@/lib/api-client.ts';

/** POST /api/logout/ with the token being dropped (the local sign-out does not wait for it). */
export function logout(token: string): Promise<void> {
  return api.post<void>('/logout/', undefined, { token, skipUnauthorized: true });
}
