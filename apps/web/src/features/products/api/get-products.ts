import type { Page, ProductListItem } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

export const productsKeys = {
  all: ['products'] as const,
  list: () => [...productsKeys.all, 'list'] as const,
  detail: (id: number) => [...productsKeys.all, 'detail', id] as const,
  photo: (id: number) => [...productsKeys.all, 'photo', id] as const,
  hcpcs: (code: string) => [...productsKeys.all, 'hcpcs', code] as const,
};

/** GET /api/products/: one page of products (search, ordering, page, page_size). */
export function getProducts(request: ListRequest, signal?: AbortSignal): Promise<Page<ProductListItem>> {
  return api.get<Page<ProductListItem>>('/products/', { params: { ...request }, signal });
}
