import { sql, type Kysely } from 'kysely';
import { reprintRefusal, ticketPrintRefusal } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { audit, auditRead } from '../lib/audit.ts';
import { refuseWhenHeld } from '../lib/holds.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { renderTicket, type TicketPdfOptions } from './pdf.ts';
import { ticketOf, type Ticket } from './tickets.ts';

type Db = Kysely<Database>;

/**
 * GET /export/{id}/print/: the first ticket. Under the occurrence's row lock the rules are checked
 * (no ticket yet, eligibility on, approval for a call-before-delivery patient), the ticket is
 * stamped with the time and the user, the PDF is rendered and its reading audited for the
 * patient; a failure leaves nothing stamped and nothing audited.
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
    await refuseWhenHeld(trx, id);
    const after = await trx
      .updateTable('ocurrences')
      .set({ ticket_created: sql`now()`, user_ticket_id: userId, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId, action: 'update', entity: 'ocurrence', entityId: id, before, after });
    const ticket = (await ticketOf(trx, id))!;
    const pdf = await renderTicket(ticket, { ...opts, printedAt: after.ticket_created ?? new Date() });
    await auditTicket(trx, userId, ticket, false);
    return pdf;
  });
}

/** The ticket's read, once its PDF exists: "printed delivery ticket for occurrence 4567 (10/02/2026)". */
function auditTicket(db: Executor, userId: number, ticket: Ticket, reprint: boolean): Promise<void> {
  return auditRead(db, {
    userId,
    entity: 'delivery_ticket',
    entityId: ticket.id,
    patientId: ticket.patient.id,
    details: reprint ? { date: ticket.date, reprint } : { date: ticket.date },
  });
}

/** GET /export/{id}/reprint/: the same ticket again, only while it exists and nothing shipped. */
export async function reprintTicket(db: Db, opts: TicketPdfOptions, userId: number, id: number): Promise<Buffer> {
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
  const pdf = await renderTicket(ticket, { ...opts, printedAt: new Date() });
  await auditTicket(db, userId, ticket, true);
  return pdf;
}
