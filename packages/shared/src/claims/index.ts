// Electronic claims: identifiers, code lists, request schemas and what the routes answer.
export * from './rules.ts';
export * from './schemas.ts';
export * from './responses.ts';
