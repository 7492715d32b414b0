/** Query keys of the settings area. */
export const settingsKeys = {
  all: ['settings'] as const,
  billing: () => [...settingsKeys.all, 'billing'] as const,
  feeSchedules: () => [...settingsKeys.all, 'fee_schedules'] as const,
};
