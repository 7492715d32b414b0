import type { OrderListItem, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/orders/: one page of orders (search on order name, patient name and PO number). */
export function getOrders(request: ListRequest, signal?: AbortSignal): Promise<Page<OrderListItem>> {
  return api.get<Page<OrderListItem>>('/orders/', { params: { ...request }, signal });
}
