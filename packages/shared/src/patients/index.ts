// Schemas and rules of the patients area.
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
export * from './activity.ts';
