import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** GET /api/orders/{id}/: the order with its lines, occurrences, services and expirations. */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`/orders/${id}/`, { signal });
}

// Always fresh on mount: the patient's Orders tab and other screens change orders too.
export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ordersKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
