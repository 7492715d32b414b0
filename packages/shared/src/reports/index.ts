// Rules, schemas and answers of the reports area.
export * from './rules.ts';
export * from './schemas.ts';
