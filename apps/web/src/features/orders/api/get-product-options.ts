import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type ProductListItem } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/**
 * GET /api/products/?search=&page_size=100: the product select searches on the server (name or
 * reference number) instead of loading the whole catalogue, which the server pages at 100.
 */
export async function getProductOptions(search: string, signal?: AbortSignal): Promise<ProductListItem[]> {
  const page = await api.get<Page<ProductListItem>>('/products/', {
    params: { search, page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name' },
    signal,
  });
  return page.results;
}

export const productOptionsQueryOptions = (search: string) =>
  // No placeholder data: a picker must never offer an earlier search's rows as this search's answer.
  queryOptions({
    queryKey: ordersKeys.productOptions(search),
    queryFn: ({ signal }) => getProductOptions(search, signal),
  });

export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({ ...productOptionsQueryOptions(search), enabled });
}
