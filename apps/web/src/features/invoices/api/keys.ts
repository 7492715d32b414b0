import { INVOICES_KEY } from '@/lib/api/invoices.ts';

export const invoicesKeys = {
  all: INVOICES_KEY,
  list: () => [...invoicesKeys.all, 'list'] as const,
  detail: (id: number) => [...invoicesKeys.all, 'detail', id] as const,
};
