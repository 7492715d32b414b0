import { sql, type SqlBool } from 'kysely';
import {
  checkRemaining,
  settledAmount,
  type CheckPayment,
  type OccurrencePayment,
  type Page,
  type Remittance,
  type RemittancePayment,
  type RevertListQuery,
  type RevertRow,
} from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { containsPattern, normalizeSearch, patientSearchCondition } from '../lib/search.ts';

/** Read side of the remittance area: one occurrence's services, checks and payments, the checks' list. */

const num = (v: string | number | null | undefined): number => Number(v ?? 0);
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * GET /remmitance/{id}: one invoiced occurrence with its services and totals. `whenFound` (the
 * read's audit row) runs once the occurrence is known to be invoiced, while the services are read.
 */
export async function getRemittance(
  db: Executor,
  occurrenceId: number,
  whenFound?: (occurrence: { patientId: number; date: string }) => Promise<void>,
): Promise<Remittance> {
  const head = await db
    .selectFrom('ocurrences as o')
    .innerJoin('invoices as i', 'i.ocurrence_id', 'o.id')
    .innerJoin('orders as ord', 'ord.id', 'o.order_id')
    .innerJoin('patients as p', 'p.id', 'ord.patient_id')
    .select(['o.id', 'o.date', 'i.id as invoice_id', 'i.date as invoice_date', 'i.notes as invoice_notes'])
    .select(['ord.id as order_id', 'ord.name as order_name', 'ord.office_notes'])
    .select(['p.id as patient_id', 'p.first_name', 'p.last_name'])
    .where('o.id', '=', occurrenceId)
    .executeTakeFirst();
  if (!head) throw notFound();
  const servicesRead = db
    .selectFrom('services as s')
    .leftJoin('order_products as op', 'op.id', 's.order_product_id')
    .leftJoin('price_variants as v', 'v.id', 's.variant_id')
    .select([
      's.id',
      's.date',
      's.product_id',
      's.product_name',
      's.product_reference',
      's.sale_price',
      's.adjusted_sale_price',
      's.added_percentage',
      's.quantity',
      's.tax_amount',
      's.total',
      's.remitted',
      's.outstanding',
      's.amount_ajusted',
      's.write_off',
      's.unit_measure',
      'v.price_variant',
    ])
    .where('s.ocurrence_id', '=', occurrenceId)
    .orderBy('s.id')
    .execute();
  const [services] = await Promise.all([servicesRead, whenFound?.({ patientId: head.patient_id, date: head.date })]);
  const mapped = services.map((s) => {
    const invoiceAmount = num(s.total) + num(s.tax_amount);
    const outstanding = s.outstanding ?? '0';
    const invoiceText = (Math.round(invoiceAmount * 100) / 100).toFixed(2);
    return {
      id: s.id,
      date: s.date,
      product: { id: s.product_id, name: s.product_name, internal_code: s.product_reference },
      order_product: { order_product_name: s.product_name },
      variant: s.price_variant ? { price_variant: s.price_variant, unit_measure: s.unit_measure } : null,
      sale_price: num(s.sale_price),
      adjusted_sale_price: num(s.adjusted_sale_price),
      added_percentage: s.added_percentage,
      amount_remmited: s.quantity,
      tax_amount: num(s.tax_amount),
      invoice_amount: num(invoiceText),
      remitted: num(s.remitted),
      outstanding: num(outstanding),
      outstanding_saved: num(settledAmount({ invoice_amount: invoiceText, outstanding })),
      amount_ajusted: num(s.amount_ajusted),
      write_off: num(s.write_off),
    };
  });
  const cents = (values: number[]) => Math.round(values.reduce((a, b) => a + Math.round(b * 100), 0)) / 100;
  return {
    id: head.id,
    date: head.date,
    invoice: { id: head.invoice_id, date: head.invoice_date, notes: head.invoice_notes },
    order: {
      id: head.order_id,
      name: head.order_name,
      office_notes: head.office_notes,
      patient: { id: head.patient_id, first_name: head.first_name, last_name: head.last_name },
    },
    services: mapped,
    total_outstanding: cents(mapped.map((s) => s.outstanding)),
    total_invoice_ammount: cents(mapped.map((s) => s.invoice_amount)),
    total_balance: cents(mapped.map((s) => s.outstanding)),
  };
}

function checkQuery(db: Executor) {
  return db
    .selectFrom('checks as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select([
      'c.id',
      'c.check_number',
      'c.check_date',
      'c.total_amount',
      'c.applied_amount',
      'c.payment_method',
      'c.memo_notes',
      'v.id as vendor_id',
      'v.name as vendor_name',
    ]);
}

type CheckRow = Awaited<ReturnType<ReturnType<typeof checkQuery>['executeTakeFirstOrThrow']>>;

function toCheck(c: CheckRow): CheckPayment {
  return {
    id: c.id,
    check_number: c.check_number,
    check_date: c.check_date,
    total_amount: num(c.total_amount),
    payment_method: c.payment_method,
    vendor: { id: c.vendor_id, name: c.vendor_name },
    memo_notes: c.memo_notes,
    total_amount_remmited: num(c.applied_amount),
    remaining: num(checkRemaining(c.total_amount, c.applied_amount)),
  };
}

export async function getCheck(db: Executor, checkId: number): Promise<CheckPayment> {
  return toCheck(await checkQuery(db).where('c.id', '=', checkId).executeTakeFirstOrThrow());
}

/**
 * GET /last_remmitance_payments: the check the signed-in user posted last (so the dialog can
 * prefill and lock it), or null when the user has posted none.
 */
export async function lastCheckOf(db: Db, userId: number): Promise<CheckPayment | null> {
  const last = await db
    .selectFrom('remittance_payments')
    .select('check_id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = last
    ? await checkQuery(db).where('c.id', '=', last.check_id).executeTakeFirst()
    : await checkQuery(db).where('c.user_id', '=', userId).orderBy('c.id', 'desc').limit(1).executeTakeFirst();
  return row ? toCheck(row) : null;
}

function paymentQuery(db: Executor) {
  return db
    .selectFrom('remittance_payments as rp')
    .innerJoin('ocurrences as o', 'o.id', 'rp.ocurrence_id')
    .innerJoin('orders as ord', 'ord.id', 'o.order_id')
    .innerJoin('patients as p', 'p.id', 'ord.patient_id')
    .select([
      'rp.id',
      'rp.check_id',
      'rp.invoice_id',
      'rp.ocurrence_id',
      'rp.amount_applied',
      'rp.amount_adjusted',
      'rp.write_off',
      'rp.created_at',
      'o.date',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
    ]);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentQuery>['execute']>>[number];

function toPayment(r: PaymentRow): RemittancePayment {
  return {
    id: r.id,
    patient: fullName(r.first_name, r.last_name),
    patient_id: r.patient_id,
    invoice: r.invoice_id,
    ocurrence_id: r.ocurrence_id,
    date_of_service: r.date,
    amount_applied: num(r.amount_applied),
    amount_adjusted: num(r.amount_adjusted),
    write_off: num(r.write_off),
    created: r.created_at.toISOString(),
  };
}

/**
 * GET /remmitance_payments?ocurrence=: what was posted to an occurrence, newest first (none for
 * an unknown occurrence). `whenFound` (the read's audit row) runs only for an occurrence that exists.
 */
export async function occurrencePayments(
  db: Db,
  occurrenceId: number,
  whenFound?: (occurrence: { patientId: number; date: string }) => Promise<void>,
): Promise<OccurrencePayment[]> {
  const audited = async () => {
    const found = await db
      .selectFrom('ocurrences as oc')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .select(['oc.date', 'o.patient_id'])
      .where('oc.id', '=', occurrenceId)
      .executeTakeFirst();
    if (found) await whenFound?.({ patientId: found.patient_id, date: found.date });
  };
  const [rows] = await Promise.all([
    paymentQuery(db).where('rp.ocurrence_id', '=', occurrenceId).orderBy('rp.id', 'desc').execute(),
    whenFound ? audited() : undefined,
  ]);
  const checks = new Map<number, CheckPayment>();
  for (const id of new Set(rows.map((r) => r.check_id))) checks.set(id, await getCheck(db, id));
  return rows.map((r) => ({ ...toPayment(r), check: checks.get(r.check_id)! }));
}

const REVERT_ORDER: Record<string, ReturnType<typeof sql>> = {
  check_number: sql`lower(c.check_number)`,
  check_date: sql`c.check_date`,
  total_amount_check: sql`c.total_amount`,
  vendor: sql`lower(v.name)`,
  total_amount_remmited: sql`c.applied_amount`,
};

/**
 * GET /remmitance_revert/: checks with their payments. Search on check number, vendor name or
 * the name of a patient paid by the check.
 */
export async function listChecks(db: Db, query: RevertListQuery): Promise<Page<RevertRow>> {
  const desc = query.ordering.startsWith('-');
  const field = desc ? query.ordering.slice(1) : query.ordering;
  const key = REVERT_ORDER[field] ?? REVERT_ORDER.check_date;
  const term = normalizeSearch(query.search);
  const byPatient = term ? patientSearchCondition(term, 'p') : null;
  const base = db
    .selectFrom('checks as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .$if(term !== '', (qb) =>
      qb.where(
        sql<SqlBool>`(lower(c.check_number) LIKE ${containsPattern(term)}
          OR lower(v.name) LIKE ${containsPattern(term)}
          OR EXISTS (SELECT 1 FROM remittance_payments rp
            JOIN ocurrences o ON o.id = rp.ocurrence_id
            JOIN orders ord ON ord.id = o.order_id
            JOIN patients p ON p.id = ord.patient_id
            WHERE rp.check_id = c.id AND ${byPatient}))`,
      ),
    );
  const { count } = await base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const checks = await base
    .select([
      'c.id',
      'c.check_number',
      'c.check_date',
      'c.total_amount',
      'c.applied_amount',
      'c.payment_method',
      'v.id as vendor_id',
      'v.name as vendor_name',
    ])
    .orderBy(sql`${key} ${dir}, c.id ${dir}`)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  const ids = checks.map((c) => c.id);
  const payments = ids.length ? await paymentQuery(db).where('rp.check_id', 'in', ids).orderBy('rp.id').execute() : [];
  return {
    results: checks.map((c) => ({
      id: c.id,
      check_number: c.check_number,
      check_date: c.check_date,
      total_amount_check: num(c.total_amount),
      vendor: { id: c.vendor_id, name: c.vendor_name },
      payment_method: c.payment_method,
      total_amount_remmited: num(c.applied_amount),
      remmitance_payments: payments.filter((p) => p.check_id === c.id).map(toPayment),
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}
