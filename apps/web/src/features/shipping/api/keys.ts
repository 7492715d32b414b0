/** Query keys of the shipping area. */
export const shippingKeys = {
  all: ['shipping'] as const,
  list: () => [...shippingKeys.all, 'list'] as const,
  availableCount: (filters: object) => [...shippingKeys.all, 'available-count', filters] as const,
  batchPrints: () => [...shippingKeys.all, 'batch-prints'] as const,
};
