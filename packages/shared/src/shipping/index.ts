// Schemas and rules of the shipping area.
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
