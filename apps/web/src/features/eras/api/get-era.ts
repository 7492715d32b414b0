import { useQuery } from '@tanstack/react-query';
import type { Era } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { erasKeys } from './keys.ts';

/** GET /api/eras/{id}/: one remittance with its claims, their lines and what each posted. */
export function getEra(id: number, signal?: AbortSignal): Promise<Era> {
  return api.get<Era>(`/eras/${id}/`, { signal });
}

export function useEra(id: number) {
  return useQuery({ queryKey: erasKeys.detail(id), queryFn: ({ signal }) => getEra(id, signal) });
}
