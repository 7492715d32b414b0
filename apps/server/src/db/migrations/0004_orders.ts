import type { Kysely } from 'kysely';

// Filled by the orders area; not landed yet.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
