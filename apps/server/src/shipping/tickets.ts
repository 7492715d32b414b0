import { sql } from 'kysely';
import { withRental } from '../lib/rental-label.ts';
import type { Executor } from './records.ts';

/** What a delivery ticket prints for one occurrence. */
export interface Ticket {
  id: number;
  date: string;
  poNumber: string;
  order: { id: number; name: string; deliveryNotes: string; delivery: string };
  patient: {
    id: number;
    name: string;
    address: string[];
    phone: string;
    mobile: string;
  };
  services: TicketService[];
}

export interface TicketService {
  reference: string;
  name: string;
  quantity: number;
  unit: string;
  variant: string;
}

/** The header columns of tickets (occurrence, order, delivery, patient and state). */
export function ticketHeaders(db: Executor) {
  return db
    .selectFrom('ocurrences as oc')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .innerJoin('deliveries as d', 'd.id', 'o.delivery_id')
    .leftJoin('usa_states as st', 'st.id', 'p.state_id')
    .select([
      'oc.id',
      'oc.date',
      'oc.po_number as occurrence_po',
      'o.id as order_id',
      'o.name as order_name',
      'o.po_number as order_po',
      'o.patient_notes',
      'd.name as delivery_name',
      'p.id as patient_id',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.address_1',
      'p.address_2',
      'p.city',
      'st.abbreviation as state',
      'p.zip',
      'p.phone',
      'p.mobile',
    ]);
}

type HeaderRow = Awaited<ReturnType<ReturnType<typeof ticketHeaders>['execute']>>[number];

function cityLine(r: HeaderRow): string {
  const stateZip = [r.state ?? '', r.zip].filter(Boolean).join(' ');
  return [r.city, stateZip].filter(Boolean).join(', ');
}

/** Reads the services of the headers' occurrences (one query) and builds the tickets in the headers' order. */
export async function withServices(db: Executor, headers: HeaderRow[]): Promise<Ticket[]> {
  if (headers.length === 0) return [];
  const services = await db
    .selectFrom('services as s')
    .leftJoin('price_variants as v', 'v.id', 's.variant_id')
    .select([
      's.ocurrence_id',
      's.product_reference',
      's.product_name',
      's.rental_month',
      's.modifiers',
      's.quantity',
      's.unit_measure',
      sql<string>`coalesce(v.price_variant, '')`.as('price_variant'),
    ])
    .where(
      's.ocurrence_id',
      'in',
      headers.map((h) => h.id),
    )
    .orderBy('s.ocurrence_id')
    .orderBy('s.id')
    .execute();
  const byOccurrence = new Map<number, TicketService[]>();
  for (const s of services) {
    const list = byOccurrence.get(s.ocurrence_id) ?? [];
    list.push({
      reference: s.product_reference,
      name: withRental(s.product_name, s.rental_month, s.modifiers),
      quantity: s.quantity,
      unit: s.unit_measure,
      variant: s.price_variant,
    });
    byOccurrence.set(s.ocurrence_id, list);
  }
  return headers.map((r) => ({
    id: r.id,
    date: r.date,
    poNumber: r.occurrence_po || r.order_po,
    order: { id: r.order_id, name: r.order_name, deliveryNotes: r.patient_notes, delivery: r.delivery_name },
    patient: {
      id: r.patient_id,
      name: [r.first_name, r.middle_name, r.last_name].filter((part) => part.trim() !== '').join(' '),
      address: [r.address_1, r.address_2, cityLine(r)].filter((line) => line.trim() !== ''),
      phone: r.phone,
      mobile: r.mobile,
    },
    services: byOccurrence.get(r.id) ?? [],
  }));
}

/** The ticket of one occurrence (undefined when it does not exist). */
export async function ticketOf(db: Executor, id: number): Promise<Ticket | undefined> {
  const headers = await ticketHeaders(db).where('oc.id', '=', id).execute();
  return (await withServices(db, headers))[0];
}

/** Tickets read per query when a batch is printed: memory holds at most this many at once. */
export const TICKET_CHUNK = 250;

/** The tickets of a batch in date order, one chunk per query (keyset on date, id). */
export async function* batchTickets(
  db: Executor,
  batchPrintId: number,
  chunk = TICKET_CHUNK,
): AsyncGenerator<Ticket[]> {
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: { date: string; id: number } | null = after;
    const headers: HeaderRow[] = await ticketHeaders(db)
      .where('oc.batch_print_id', '=', batchPrintId)
      .$if(cursor !== null, (qb) => qb.where(sql<boolean>`(oc.date, oc.id) > (${cursor!.date}::date, ${cursor!.id})`))
      .orderBy('oc.date')
      .orderBy('oc.id')
      .limit(chunk)
      .execute();
    if (headers.length === 0) return;
    yield await withServices(db, headers);
    if (headers.length < chunk) return;
    const last: HeaderRow = headers[headers.length - 1];
    after = { date: last.date, id: last.id };
  }
}
