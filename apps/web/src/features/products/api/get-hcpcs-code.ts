import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HcpcsLookup } from '@dme/shared';
import { api, isApiError } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** GET /api/hcpcs/{code}/: the code in the CMS list, or null when the list does not have it (404). */
export async function getHcpcsCode(code: string, signal?: AbortSignal): Promise<HcpcsLookup | null> {
  try {
    return await api.get<HcpcsLookup>(`/hcpcs/${encodeURIComponent(code)}/`, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const hcpcsCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: productsKeys.hcpcs(code),
    queryFn: ({ signal }) => getHcpcsCode(code, signal),
    // The list changes once a year, by an import.
    staleTime: 60 * 60 * 1000,
  });

/** The CMS entry of a complete code; nothing is asked while `code` is null (empty or half typed). */
export function useHcpcsCode(code: string | null) {
  return useQuery({ ...hcpcsCodeQueryOptions(code ?? ''), enabled: code !== null });
}
