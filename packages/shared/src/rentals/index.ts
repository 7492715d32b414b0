// Rentals and fee schedules: Medicare's rental months, claim modifiers, the CMS files and the expected allowed amount.
export * from './rules.ts';
export * from './fee-files.ts';
export * from './schemas.ts';
