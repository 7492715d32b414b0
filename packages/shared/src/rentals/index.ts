export * from './fee-files.ts';
export * from './schemas.ts';
