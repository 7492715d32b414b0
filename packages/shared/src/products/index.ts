// Schemas and rules of the products area.
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
