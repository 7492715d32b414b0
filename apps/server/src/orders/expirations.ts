import { sql } from 'kysely';
import type { Expiration, ExpirationBody, ExpirationUpdateBody } from '@dme/shared';
import { expirationProblems, todayWire } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import type { Actor } from './occurrences.ts';
import { expirationQuery } from '../lib/order-views.ts';

/** Expirations of an order: create, edit (with the Solved switch) and delete. */

export async function createExpiration(
  db: Db,
  actor: Actor,
  orderId: number,
  body: ExpirationBody,
): Promise<Expiration> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound();
    const row = await trx
      .insertInto('expirations')
      .values({
        order_id: orderId,
        date: body.date,
        note: body.note,
        yellow: body.yellow,
        yellow_date: body.yellow ? body.yellow_date : null,
        waiver: body.waiver,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'create', entity: 'expiration', entityId: row.id, after: row });
    return expirationQuery(trx).where('id', '=', row.id).executeTakeFirstOrThrow();
  });
}

/**
 * PATCH /expirations/{id}/. Switching yellow off clears the yellow date. `solved` stamps today
 * on the colour's solved date (red when no colour is sent) or clears it; `solved` itself
 * follows the red (the expiration date's) state, which is what "solved" lists filter on.
 */
export async function updateExpiration(
  db: Db,
  actor: Actor,
  id: number,
  body: ExpirationUpdateBody,
): Promise<Expiration> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('expirations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    const yellow = body.yellow ?? before.yellow;
    const yellowDate = yellow ? (body.yellow_date !== undefined ? body.yellow_date : before.yellow_date) : null;
    const problems = expirationProblems({ yellow, yellow_date: yellowDate });
    if (Object.keys(problems).length) throw validation(problems);
    const solvedChanges: { solved?: boolean; red_solved_date?: string | null; yellow_solved_date?: string | null } = {};
    if (body.solved !== undefined) {
      const stamp = body.solved ? todayWire() : null;
      if (body.color === 'yellow') {
        solvedChanges.yellow_solved_date = stamp;
      } else {
        solvedChanges.red_solved_date = stamp;
        solvedChanges.solved = body.solved;
      }
    }
    const after = await trx
      .updateTable('expirations')
      .set({
        date: body.date ?? before.date,
        note: body.note ?? before.note,
        waiver: body.waiver ?? before.waiver,
        yellow,
        yellow_date: yellowDate,
        ...solvedChanges,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'update', entity: 'expiration', entityId: id, before, after });
    return expirationQuery(trx).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function deleteExpiration(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('expirations').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound();
    await audit(trx, { userId: actor.userId, action: 'delete', entity: 'expiration', entityId: id, before });
  });
}
