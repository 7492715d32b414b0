import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Storage } from '../plugins/storage.ts';
import { SIGNATURE_FOLDER } from './delivery.ts';

/** How old a signature file must be before a sweep may take it: a delivery being recorded keeps its own. */
const SIGNATURE_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the signature files no delivery refers to. A delivery stores its signature before its
 * transaction (a file cannot join one) and removes it when the transaction fails; a process that
 * stops between the two leaves the file behind. Only files older than `graceMs` are taken, so a
 * delivery in flight is never robbed of its file. Answers how many were removed.
 */
export async function sweepSignatures(
  db: Executor,
  storage: Storage,
  opts: { now?: Date; graceMs?: number } = {},
): Promise<number> {
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.graceMs ?? SIGNATURE_GRACE_MS);
  const old = (await storage.list(SIGNATURE_FOLDER)).filter((f) => f.modified.getTime() < cutoff).map((f) => f.key);
  if (old.length === 0) return 0;
  const { rows } = await sql<{ key: string }>`
    SELECT signature_key AS key FROM documents WHERE signature_key = ANY (${old}::text[])`.execute(db);
  const kept = new Set(rows.map((r) => r.key));
  const orphans = old.filter((key) => !kept.has(key));
  for (const key of orphans) await storage.remove(key);
  return orphans.length;
}
