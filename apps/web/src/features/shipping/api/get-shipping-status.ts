import type { ShippingPage } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import { shippingParams, type ShippingFilterState } from './filters.ts';

/** GET /api/shipping-status/: the filtered occurrences with their ticket and shipping state. */
export function getShippingStatus(request: ListRequest & ShippingFilterState, signal?: AbortSignal) {
  return api.get<ShippingPage>('/shipping-status/', {
    params: {
      ...shippingParams(request),
      ordering: request.ordering,
      page: request.page,
      page_size: request.page_size,
    },
    signal,
  });
}
