import type { QueryClient } from '@tanstack/react-query';
import { CLAIMS_KEY } from '@/lib/api/claims.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { erasKeys } from './keys.ts';

/** A posting changes the remittance files, the denials, and the invoices and claims it paid: all refetch. */
export function refetchPostings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: erasKeys.all }),
    queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    queryClient.invalidateQueries({ queryKey: CLAIMS_KEY }),
  ]);
}
