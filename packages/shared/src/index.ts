export * from './common/avatar.ts';
export * from './common/dates.ts';
export * from './common/list.ts';
export * from './common/phone.ts';
export * from './common/messages.ts';
export * from './auth/schemas.ts';
export * from './users/schemas.ts';
