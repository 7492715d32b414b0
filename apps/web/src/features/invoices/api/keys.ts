export const invoicesKeys = {
  all: ['invoices'] as const,
  list: () => [...invoicesKeys.all, 'list'] as const,
  detail: (id: number) => [...invoicesKeys.all, 'detail', id] as const,
};
