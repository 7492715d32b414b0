/** The tabs of an order, in the spec's order. */
export const ORDER_TABS = ['Products', 'Services w Totals', 'Notes', 'Expirations', 'Services'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
