import { CLAIMS_KEY } from '@/lib/api/claims.ts';

/** Query keys of the claims area. Creating claims or a batch, or reading an acknowledgement, refetches `all`. */
export const claimsKeys = {
  all: CLAIMS_KEY,
  ready: () => [...claimsKeys.all, 'ready'] as const,
  list: () => [...claimsKeys.all, 'list'] as const,
  detail: (id: number) => [...claimsKeys.all, 'detail', id] as const,
  batches: () => [...claimsKeys.all, 'batches'] as const,
};
