// Rules, schemas and answers of the electronic remittance (835) and denials areas.
export * from './responses.ts';
export * from './schemas.ts';
export * from './posting-rules.ts';
