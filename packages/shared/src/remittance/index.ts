// Rules, schemas and answers of the remittance area.
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
