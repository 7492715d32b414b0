export const vendorsKeys = {
  all: ['vendors'] as const,
  list: () => [...vendorsKeys.all, 'list'] as const,
  detail: (id: number) => [...vendorsKeys.all, 'detail', id] as const,
};
