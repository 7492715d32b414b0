// Rules, schemas and answers of the electronic remittance (835) and denials areas.
export * from './adjustment-codes.ts';
export * from './responses.ts';
export * from './schemas.ts';
export * from './posting-rules.ts';
