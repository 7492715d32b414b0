import { api } from '@/lib/api-client.ts';

/** POST /api/refresh-token/ {token}: swaps a valid token for a new one. */
export function refreshToken(token: string): Promise<{ token: string }> {
  return api.post<{ token: string }>('/refresh-token/', { token }, { token, skipUnauthorized: true });
}
