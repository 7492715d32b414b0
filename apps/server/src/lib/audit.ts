import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const SECRET_KEYS = new Set(['password', 'password_hash', 'token', 'token_hash']);

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.has(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/** Writes one audit row; call it with the same transaction as the change it records. */
export async function audit(
  trx: Executor,
  entry: {
    userId: number | null;
    action: 'create' | 'update' | 'delete';
    entity: string;
    entityId: number | string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: JSON.stringify(scrub(entry.before)),
      after: JSON.stringify(scrub(entry.after)),
    })
    .execute();
}
