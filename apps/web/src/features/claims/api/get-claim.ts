import { useQuery } from '@tanstack/react-query';
import type { ClaimDetail } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { claimsKeys } from './keys.ts';

/** GET /api/claims/{id}/: the claim as it was billed, with its lines and history. */
export function getClaim(id: number, signal?: AbortSignal): Promise<ClaimDetail> {
  return api.get<ClaimDetail>(`/claims/${id}/`, { signal });
}

export function useClaim(id: number) {
  return useQuery({ queryKey: claimsKeys.detail(id), queryFn: ({ signal }) => getClaim(id, signal) });
}
