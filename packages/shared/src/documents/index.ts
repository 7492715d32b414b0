// Documents, holds and proof of delivery (issue 34): the document fields, when a document is good, and why an occurrence is held.
export * from './schemas.ts';
export * from './rules.ts';
export * from './responses.ts';
