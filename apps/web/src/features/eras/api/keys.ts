/** Query keys of the remittance-files (835) area. Importing, matching or reverting refetches `all`, denials included. */
export const erasKeys = {
  all: ['eras'] as const,
  list: () => [...erasKeys.all, 'list'] as const,
  detail: (id: number) => [...erasKeys.all, 'detail', id] as const,
  /** An invoice read to pick the service a remittance line pays. */
  invoice: (id: number) => [...erasKeys.all, 'invoice', id] as const,
  denials: () => [...erasKeys.all, 'denials'] as const,
  underpayments: () => [...erasKeys.all, 'underpayments'] as const,
};
