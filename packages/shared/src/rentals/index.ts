// Rentals and fee schedules: Medicare's rental months, claim modifiers and the expected allowed amount.
export * from './rules.ts';
