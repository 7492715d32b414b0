// Schemas, responses and rules of the work queues (expirations, call patients, eligibility, call detail).
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
