import { sql, type Expression, type SqlBool } from 'kysely';
import type { Page, RemittanceListQuery, RemittanceRow } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { normalizeSearch, ofOrdersMatching, searchTextHas } from '../lib/search.ts';

/** GET /remmitance/: the open invoices, searched, ordered and paged (one count, one page). */

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/**
 * Invoice number, patient name, order name or PO number (the order's trigram-indexed search
 * column); digits also match the invoice number exactly. Null without a term. On the invoice
 * alone (`onInvoice`, for the count, which joins nothing) or on its joined order `ord`.
 */
function remittanceSearch(term: string, onInvoice = false): Expression<SqlBool> | null {
  if (!term) return null;
  if (/^\d{1,9}$/.test(term)) {
    // One set of invoice ids (that number, and the matching orders' invoices by their order
    // index): an OR across the invoice and its order would scan every open invoice.
    return sql<SqlBool>`i.id IN (
      SELECT ${Number(term)}::int
      UNION
      SELECT x.id FROM invoices x WHERE ${ofOrdersMatching('x.order_id', term)}
    )`;
  }
  return onInvoice ? ofOrdersMatching('i.order_id', term) : searchTextHas('ord', term);
}

/**
 * The list's orderings: the keys that choose the page (on the invoice, its order and patient, and
 * for the date its occurrence), and the same keys among the page's rows (`r`, and `o` its
 * occurrence). Ties by invoice.
 */
const LIST_ORDER: Record<string, { keys: ReturnType<typeof sql>[]; columns: string[] }> = {
  patient_name: { keys: [sql`p.last_name`, sql`p.first_name`], columns: ['r.last_name', 'r.first_name'] },
  invoice: { keys: [sql`i.id`], columns: ['r.invoice'] },
  date: { keys: [sql`od.date`], columns: ['o.date'] },
  amount_remitted: { keys: [sql`i.remitted`], columns: ['r.remitted'] },
  invoice_amount: { keys: [sql`i.amount`], columns: ['r.invoice_amount'] },
  balance: { keys: [sql`i.balance`], columns: ['r.balance'] },
};

/**
 * Open invoices with their order (`ord`) and patient (`p`), searched. Every invoice has its
 * occurrence (a foreign key): only the date ordering needs it to choose the page; otherwise only
 * the page's rows read theirs. With `fewOrders`, the matching orders are read first (by their
 * trigram index, a materialized set) and their invoices joined to them: otherwise the planner
 * may walk every patient in name order looking for a rare name's invoices.
 */
function openInvoices(db: Db, search: Expression<SqlBool> | null, fewOrders: string | null) {
  if (fewOrders !== null) {
    return db
      .with(
        (cte) => cte('m').materialized(),
        (q) => q.selectFrom('orders as os').select('os.id').where(searchTextHas('os', fewOrders)),
      )
      .selectFrom('m')
      .innerJoin('invoices as i', 'i.order_id', 'm.id')
      .where('i.balance', '>', '0')
      .innerJoin('orders as ord', 'ord.id', 'i.order_id')
      .innerJoin('patients as p', 'p.id', 'ord.patient_id');
  }
  return db
    .selectFrom('invoices as i')
    .where('i.balance', '>', '0')
    .innerJoin('orders as ord', 'ord.id', 'i.order_id')
    .innerJoin('patients as p', 'p.id', 'ord.patient_id')
    .$if(search !== null, (qb) => qb.where(search!));
}

/** At most this many matching invoices are read matching orders first (see openInvoices). */
const FEW_MATCHES = 5_000;

/**
 * GET /remmitance/: invoiced occurrences that still have a balance. Each invoice keeps its
 * amount, remitted and balance (migration 0013), so "has a balance" is the partial index of open
 * invoices.
 */
export async function listRemittances(db: Db, query: RemittanceListQuery): Promise<Page<RemittanceRow>> {
  const desc = query.ordering.startsWith('-');
  const field = desc ? query.ordering.slice(1) : query.ordering;
  const ordering = LIST_ORDER[field] ?? LIST_ORDER.patient_name;
  const term = normalizeSearch(query.search);
  const search = remittanceSearch(term);
  // Every invoice has its order and patient (foreign keys): the count joins neither.
  const onInvoice = remittanceSearch(term, true);
  const counted = db
    .selectFrom('invoices as i')
    .where('i.balance', '>', '0')
    .$if(onInvoice !== null, (qb) => qb.where(onInvoice!))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow()
    .then((r) => r.count);
  // A text search waits for its count, which chooses how the page is read (openInvoices); the
  // rest count and read their page side by side, on two pooled connections.
  const textSearch = search !== null && !/^\d{1,9}$/.test(term);
  const fewOrders = textSearch && (await counted) <= FEW_MATCHES ? term : null;
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const offset = (query.page - 1) * query.page_size;
  const page = openInvoices(db, search, fewOrders)
    .$if(field === 'date', (qb) => qb.innerJoin('ocurrences as od', 'od.id', 'i.ocurrence_id'))
    .select(['i.id as invoice', 'i.ocurrence_id', 'ord.id as order_id', 'ord.name as order_name'])
    .select(['p.id as patient_id', 'p.first_name', 'p.last_name'])
    .select(['i.remitted', 'i.amount as invoice_amount', 'i.balance'])
    .orderBy(sql`${sql.join(ordering.keys.map((k) => sql`${k} ${dir}`))}, i.id ${dir}`)
    .limit(query.page_size)
    .offset(offset)
    .as('r');
  const pageOrder = [...ordering.columns, 'r.invoice'].map((c) => sql`${sql.ref(c)} ${dir}`);
  const [count, rows] = await Promise.all([
    counted,
    db
      .selectFrom(page)
      .innerJoin('ocurrences as o', 'o.id', 'r.ocurrence_id')
      .selectAll('r')
      .select(['o.id', 'o.date'])
      .orderBy(sql.join(pageOrder))
      .execute(),
  ]);
  return {
    results: rows.map((r) => {
      const patient = { id: r.patient_id, first_name: r.first_name, last_name: r.last_name };
      return {
        id: r.id,
        date: r.date,
        invoice: r.invoice,
        order: { id: r.order_id, name: r.order_name, patient },
        patient,
        total_outstanding: num(r.balance),
        total_invoice_ammount: num(r.invoice_amount),
        total_balance: num(r.balance),
        amount_remitted: num(r.remitted),
        invoice_amount: num(r.invoice_amount),
        balance: num(r.balance),
      };
    }),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}
