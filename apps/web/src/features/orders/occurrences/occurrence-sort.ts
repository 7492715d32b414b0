import type { Occurrence, Service } from '@dme/shared';

export const OCCURRENCE_SORT_KEYS = ['date', 'product', 'quantity', 'sale_price'] as const;
export type OccurrenceSortKey = (typeof OCCURRENCE_SORT_KEYS)[number];
export const SORT_LABELS: Record<OccurrenceSortKey, string> = {
  date: 'Date',
  product: 'Product',
  quantity: 'Quantity',
  sale_price: 'Sale Price',
};

export interface OccurrenceSort {
  key: OccurrenceSortKey;
  desc: boolean;
}

export const DEFAULT_OCCURRENCE_SORT: OccurrenceSort = { key: 'date', desc: false };

function compareServices(a: Service, b: Service, key: Exclude<OccurrenceSortKey, 'date'>): number {
  switch (key) {
    case 'product':
      return a.product.name.localeCompare(b.product.name, 'en-US', { sensitivity: 'base' });
    case 'quantity':
      return a.amount_remmited - b.amount_remmited;
    case 'sale_price':
      return a.sale_price - b.sale_price;
  }
}

/**
 * Occurrences and their services in the chosen order: by date the occurrences are ordered
 * (services in their own order); by product, quantity or sale price the services inside each
 * occurrence are, with the occurrences by date ascending.
 */
export function sortOccurrences(occurrences: readonly Occurrence[], sort: OccurrenceSort): Occurrence[] {
  const sign = sort.desc ? -1 : 1;
  const byDate = [...occurrences].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  if (sort.key === 'date') return sort.desc ? byDate.reverse() : byDate;
  const key = sort.key;
  return byDate.map((o) => ({
    ...o,
    services: [...o.services].sort((a, b) => sign * compareServices(a, b, key) || a.id - b.id),
  }));
}

/** The next sort when a header is clicked: ascending first, then descending. */
export function toggleSort(current: OccurrenceSort, key: OccurrenceSortKey): OccurrenceSort {
  return current.key === key ? { key, desc: !current.desc } : { key, desc: false };
}
