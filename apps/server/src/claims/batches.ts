import { sql } from 'kysely';
import { CLAIM_MESSAGES, type ClaimBatchCreated, type ClaimBatchRow, type ListQuery, type Page } from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import type { Db } from '../db/database.ts';
import { billingProviderOf, readSettings, receiverOf, settingsProblems, submitterOf } from './gather.ts';
import type { ClaimSnapshot } from './claims.ts';
import { write837 } from '../lib/x12/write-837.ts';

/**
 * Claim batches: one 837P interchange for a set of created claims. The batch's id is the
 * interchange, group and transaction control number (ISA13, GS06, ST02): unique, and increasing
 * in the order batches are made. Its claims move to submitted in the same transaction.
 */

export const batchFileName = (id: number) => `claims-${id}.837`;

/** POST /claim_batches/: 422 when a claim is unknown or not in status created, or the settings are unfinished. */
export async function createBatch(db: Db, userId: number, claimIds: number[]): Promise<ClaimBatchCreated> {
  const ids = [...new Set(claimIds)].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    const claims = await trx
      .selectFrom('claims')
      .select(['id', 'claim_number', 'status', 'snapshot', 'patient_id', 'frequency', 'original_claim_number'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const found = new Set(claims.map((c) => c.id));
    const missing = ids.filter((id) => !found.has(id));
    const sent = claims.filter((c) => c.status !== 'created');
    const messages = [
      ...missing.map((id) => `Claim ${id} was not found`),
      ...sent.map((c) => `Claim ${c.claim_number} is ${c.status}: ${CLAIM_MESSAGES.claimNotCreated}`),
    ];
    if (messages.length > 0) throw validation({ claim_ids: messages });
    const settings = await readSettings(trx);
    const problems = settingsProblems(settings);
    if (problems.length > 0) throw validation({ claim_ids: problems.map((p) => p.message) });

    const { id } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('claim_batches', 'id'))::int AS id`
      .execute(trx)
      .then((r) => r.rows[0]!);
    const content = write837({
      header: { controlNumber: id, production: settings.production, createdAt: new Date(), reference: String(id) },
      submitter: submitterOf(settings),
      receiver: receiverOf(settings),
      billingProvider: billingProviderOf(settings),
      claims: claims.map((c) => {
        const { claim } = c.snapshot as ClaimSnapshot;
        return {
          ...claim,
          frequency: c.frequency as 1 | 7 | 8,
          originalClaimNumber: c.original_claim_number,
        };
      }),
    });
    const fileName = batchFileName(id);
    await trx
      .insertInto('claim_batches')
      .values({ id, file_name: fileName, control_number: id, claim_count: claims.length, content, user_id: userId })
      .execute();
    await trx
      .updateTable('claims')
      .set({ status: 'submitted', batch_id: id, updated_at: new Date() })
      .where('id', 'in', ids)
      .execute();
    await trx
      .insertInto('claim_events')
      .values(
        ids.map((claimId) => ({
          claim_id: claimId,
          status: 'submitted',
          reason: `Sent in ${fileName}`,
          user_id: userId,
        })),
      )
      .execute();
    await audit(trx, {
      userId,
      action: 'create',
      entity: 'claim_batch',
      entityId: id,
      after: { file_name: fileName, claims: claims.map((c) => c.claim_number) },
    });
    return { id, file_name: fileName, claims: claims.map((c) => ({ id: c.id, claim_number: c.claim_number })) };
  });
}

/** GET /claim_batches/: newest first. */
export async function listBatches(db: Db, query: ListQuery): Promise<Page<ClaimBatchRow>> {
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom('claim_batches')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('claim_batches as b')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.file_name',
        'b.claim_count',
        'b.control_number',
        'b.status',
        'b.created_at',
        'u.first_name',
        'u.last_name',
        'u.username',
      ])
      .orderBy('b.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      file_name: r.file_name,
      claims: r.claim_count,
      control_number: r.control_number,
      status: r.status,
      created: r.created_at.toISOString(),
      user: r.username === null ? null : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username,
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

/** GET /claim_batches/{id}/file/: the X12 text and its file name. */
export async function batchFile(db: Db, id: number): Promise<{ fileName: string; content: string }> {
  const row = await db
    .selectFrom('claim_batches')
    .select(['file_name', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { fileName: row.file_name, content: row.content };
}
