/** Query keys of the remittance area. A posting or a revert refetches `all`. */
export const remittanceKeys = {
  all: ['remittance'] as const,
  list: () => [...remittanceKeys.all, 'list'] as const,
  detail: (occurrenceId: number) => [...remittanceKeys.all, 'detail', occurrenceId] as const,
  lastCheck: () => [...remittanceKeys.all, 'last-check'] as const,
  checks: () => [...remittanceKeys.all, 'checks'] as const,
};
