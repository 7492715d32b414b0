import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** The part of GET /api/products/{id}/ a line needs: its default modifiers and payment category. */
interface ProductCodesAnswer {
  hcpcs_code?: string;
  modifiers?: string[];
  payment_category?: string | null;
  payment_category_words?: string;
}

export interface ProductCodes {
  /** The product's own modifiers, which a line without an override bills (issue 31). */
  modifiers: string[];
  /** The CMS payment category ("CR") and its words, null when the product has none (issue 33). */
  paymentCategory: string | null;
  paymentCategoryWords: string;
}

/** Read defensively: a server without issue 33 answers no payment category. */
export async function getProductCodes(productId: number, signal?: AbortSignal): Promise<ProductCodes> {
  const product = await api.get<ProductCodesAnswer>(`/products/${productId}/`, { signal });
  const category =
    typeof product.payment_category === 'string' && product.payment_category ? product.payment_category : null;
  return {
    modifiers: Array.isArray(product.modifiers) ? product.modifiers : [],
    paymentCategory: category,
    paymentCategoryWords: typeof product.payment_category_words === 'string' ? product.payment_category_words : '',
  };
}

export const productCodesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ordersKeys.productCodes(productId),
    queryFn: ({ signal }) => getProductCodes(productId, signal),
  });

/** The product's modifiers and payment category (one read, shared by the line dialog's fields). */
export function useProductCodes(productId: number | null) {
  return useQuery({ ...productCodesQueryOptions(productId ?? 0), enabled: productId !== null });
}
