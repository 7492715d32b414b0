import { sql, type Kysely } from 'kysely';
import { reprintRefusal, ticketPrintRefusal } from '@dme/shared';
import type { Database } from '../db/types.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { renderTicket, type TicketPdfOptions } from './pdf.ts';
import { ticketOf } from './tickets.ts';

type Db = Kysely<Database>;

/**
 * GET /export/{id}/print/: the first ticket. Under the occurrence's row lock the rules are checked
 * (no ticket yet, eligibility on, approval for a call-before-delivery patient), the ticket is
 * stamped with the time and the user, and the PDF is rendered; a failure leaves nothing stamped.
 */
export async function printTicket(db: Db, opts: TicketPdfOptions, userId: number, id: number): Promise<Buffer> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('ocurrences').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    const patient = await trx
      .selectFrom('orders as o')
      .innerJoin('patients as p', 'p.id', 'o.patient_id')
      .select('p.call_before_delivery')
      .where('o.id', '=', before.order_id)
      .executeTakeFirstOrThrow();
    const refusal = ticketPrintRefusal({
      ...before,
      ticket_created: before.ticket_created ? before.ticket_created.toISOString() : null,
      call_before_delivery: patient.call_before_delivery,
    });
    if (refusal) throw conflict(refusal, 409);
    const after = await trx
      .updateTable('ocurrences')
      .set({ ticket_created: sql`now()`, user_ticket_id: userId, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId, action: 'update', entity: 'ocurrence', entityId: id, before, after });
    const ticket = await ticketOf(trx, id);
    return renderTicket(ticket!, { ...opts, printedAt: after.ticket_created ?? new Date() });
  });
}

/** GET /export/{id}/reprint/: the same ticket again, only while it exists and nothing shipped. */
export async function reprintTicket(db: Db, opts: TicketPdfOptions, id: number): Promise<Buffer> {
  const occurrence = await db
    .selectFrom('ocurrences')
    .select(['ticket_created', 'shipped', 'shipped_date'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!occurrence) throw notFound();
  const refusal = reprintRefusal({
    ...occurrence,
    ticket_created: occurrence.ticket_created ? occurrence.ticket_created.toISOString() : null,
  });
  if (refusal) throw conflict(refusal, 409);
  const ticket = await ticketOf(db, id);
  if (!ticket) throw notFound();
  return renderTicket(ticket, { ...opts, printedAt: new Date() });
}
