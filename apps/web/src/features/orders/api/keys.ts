/** Query keys of the orders area. Every write of an order's parts refetches `detail(id)`. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: () => [...ordersKeys.all, 'list'] as const,
  detail: (id: number) => [...ordersKeys.all, 'detail', id] as const,
  patientOptions: (search: string) => [...ordersKeys.all, 'patient-options', search] as const,
  productOptions: (search: string) => [...ordersKeys.all, 'product-options', search] as const,
  variants: (productId: number) => [...ordersKeys.all, 'variants', productId] as const,
  productCodes: (productId: number) => [...ordersKeys.all, 'product-codes', productId] as const,
};
