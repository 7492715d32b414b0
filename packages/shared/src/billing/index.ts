// Schemas, responses and money rules of the billing area (vendors, invoices, write-off).
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
