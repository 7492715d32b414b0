/** Query keys of the work queues. A toggle or edit refreshes the list it was made on. */
export const workQueuesKeys = {
  all: ['work-queues'] as const,
  expirations: () => [...workQueuesKeys.all, 'expirations'] as const,
  callPatients: () => [...workQueuesKeys.all, 'call-patients'] as const,
  checkEligibility: () => [...workQueuesKeys.all, 'check-eligibility'] as const,
  callEligibility: () => [...workQueuesKeys.all, 'call-eligibility'] as const,
  documents: () => [...workQueuesKeys.all, 'documents'] as const,
  details: () => [...workQueuesKeys.all, 'detail'] as const,
  detail: (source: CallDetailSource, id: number) => [...workQueuesKeys.details(), source, id] as const,
};

/** Which list a call detail was opened from (each reads the occurrence through its own route). */
export type CallDetailSource = 'call-customers' | 'call-eligibility';
