import { sql } from 'kysely';
import type { Page, UnderpaymentRow } from '@dme/shared';
import type { Executor } from '../db/database.ts';

/**
 * Underpayments (issue 33): remittance lines, from an 835 or posted by hand, whose payer allowed
 * less than the office expected for the service, newest first, optionally of one payer.
 */
export async function listUnderpayments(
  db: Executor,
  query: { page: number; page_size: number; payer?: number | undefined },
): Promise<Page<UnderpaymentRow>> {
  const base = () => {
    let q = db
      .selectFrom('remittance_payment_lines as l')
      .innerJoin('remittance_payments as rp', 'rp.id', 'l.payment_id')
      .innerJoin('checks as c', 'c.id', 'rp.check_id')
      .where(sql<boolean>`l.allowed < l.expected`);
    if (query.payer !== undefined) q = q.where('c.vendor_id', '=', query.payer);
    return q;
  };
  const [{ count }, rows] = await Promise.all([
    base()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    base()
      .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
      .innerJoin('services as s', 's.id', 'l.service_id')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('ocurrences as oc', 'oc.id', 'rp.ocurrence_id')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .innerJoin('patients as pt', 'pt.id', 'o.patient_id')
      .leftJoin('claims as cl', 'cl.id', 'rp.claim_id')
      .select([
        'l.id',
        'rp.era_id',
        'cl.claim_number',
        'rp.invoice_id',
        'l.service_id',
        'pt.id as patient_id',
        'pt.first_name',
        'pt.last_name',
        'v.id as vendor_id',
        'v.name as vendor_name',
        's.date',
        'p.hcpcs_code',
        'l.expected',
        'l.allowed',
        'rp.created_at',
      ])
      .orderBy('l.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      era_id: r.era_id,
      claim_number: r.claim_number ?? '',
      invoice_id: r.invoice_id,
      service_id: r.service_id,
      patient: { id: r.patient_id, first_name: r.first_name, last_name: r.last_name },
      payer: { id: r.vendor_id, name: r.vendor_name },
      service_date: r.date,
      hcpcs: r.hcpcs_code,
      expected: Number(r.expected),
      allowed: Number(r.allowed),
      difference: Math.round((Number(r.expected) - Number(r.allowed)) * 100) / 100,
      posted: r.created_at.toISOString(),
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}
