import { sql } from 'kysely';
import {
  describeClaimStatus,
  describeProviderAdjustment,
  type Era,
  type EraMatchBody,
  type EraRow,
  type LinePlan,
  type ListQuery,
  type Page,
} from '@dme/shared';
import type { Db, Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import { containsPattern, normalizeSearch } from '../lib/search.ts';
import { adjustmentsOut, remarksOut } from '../lib/remittance-lines.ts';
import { finishPosting, lockInvoices, postClaim } from './import.ts';
import { cents, centsOfNumeric, moveServices, type PostingContext } from './posting.ts';
import type { EraDetail, StoredClaim } from '../lib/era-detail.ts';

/** The remittance files' list, an ERA's detail, its revert, and Match for what did not match. */

const num = (v: string | number) => Number(v);
const amount = (text: string) => cents(text) / 100;

export async function getEra(db: Executor, id: number): Promise<Era> {
  const row = await db
    .selectFrom('eras as e')
    .innerJoin('era_files as f', 'f.id', 'e.file_id')
    .innerJoin('vendors as v', 'v.id', 'e.vendor_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'f.file_name',
      'e.payer_name',
      'e.payer_id',
      'v.id as vendor_id',
      'v.name as vendor_name',
      'e.check_id',
      'e.check_number',
      'e.check_date',
      'e.total_paid',
      'e.payment_method',
      'e.status',
      'e.created_at',
      'u.username',
      'e.detail',
      'e.posted_total',
      'e.unmatched_total',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const detail = row.detail as EraDetail;
  return {
    id: row.id,
    file_name: row.file_name,
    payer_name: row.payer_name,
    payer_id: row.payer_id,
    vendor: { id: row.vendor_id, name: row.vendor_name },
    check_id: row.check_id,
    check_number: row.check_number,
    check_date: row.check_date,
    total_paid: num(row.total_paid),
    payment_method: row.payment_method,
    status: row.status,
    created: row.created_at.toISOString(),
    user: row.username ?? null,
    claims: (detail.claims ?? []).map((c, index) => claimOut(c, index)),
    provider_adjustments: (detail.providerAdjustments ?? []).map((p) => ({
      reason: p.reason,
      reference: p.reference,
      amount: amount(p.amount),
      description: describeProviderAdjustment(p.reason),
    })),
    posted_total: num(row.posted_total),
    unmatched_total: num(row.unmatched_total),
  };
}

function claimOut(c: StoredClaim, index: number): Era['claims'][number] {
  return {
    index,
    claim_number: c.claim.claimNumber,
    status_code: c.claim.statusCode,
    status: describeClaimStatus(c.claim.statusCode),
    charge: amount(c.claim.charge),
    paid: amount(c.claim.paid),
    patient_responsibility: c.claim.patientResponsibility ? amount(c.claim.patientResponsibility) : 0,
    payer_claim_number: c.claim.payerClaimNumber,
    patient_name: [c.claim.patient.firstName, c.claim.patient.lastName].filter(Boolean).join(' '),
    crossover_payer: c.claim.crossoverPayer?.name ?? '',
    matched_claim_id: c.claimId,
    matched_invoice_id: c.invoiceId,
    adjustments: adjustmentsOut(c.claim.adjustments),
    remarks: remarksOut(c.claim.remarks),
    state: c.state,
    problem: c.problem,
    lines: c.lines.map((l, i) => ({
      index: i,
      line_control_number: l.line.lineControlNumber,
      hcpcs: l.line.hcpcs,
      modifiers: l.line.modifiers,
      service_date: l.line.serviceDate || c.claim.serviceDateFrom,
      charge: amount(l.line.charge),
      allowed: l.line.allowed ? amount(l.line.allowed) : null,
      paid: amount(l.line.paid),
      units: Number(l.line.units) || 0,
      adjustments: adjustmentsOut(l.line.adjustments),
      remarks: remarksOut(l.line.remarks),
      matched_service_id: l.serviceId,
      patient_responsibility: l.patientResponsibility / 100,
      state: l.state,
      problem: l.problem,
    })),
  };
}

/** GET /eras/: newest first; search on the payer, payment number, claim numbers and patients. */
export async function listEras(db: Executor, query: ListQuery): Promise<Page<EraRow>> {
  const term = normalizeSearch(query.search);
  const base = () => {
    const q = db.selectFrom('eras as e');
    return term === '' ? q : q.where('e.search_text', 'like', containsPattern(term.toLowerCase()));
  };
  const [{ count }, rows] = await Promise.all([
    base()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    base()
      .innerJoin('era_files as f', 'f.id', 'e.file_id')
      .select([
        'e.id',
        'f.file_name',
        'e.payer_name',
        'e.check_number',
        'e.check_date',
        'e.total_paid',
        'e.posted_total',
        'e.unmatched_total',
        'e.status',
        'e.created_at',
        'e.claim_count as claims',
        sql<number>`(SELECT count(*)::int FROM denials d WHERE d.era_id = e.id)`.as('denied'),
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      file_name: r.file_name,
      payer_name: r.payer_name,
      check_number: r.check_number,
      check_date: r.check_date,
      total_paid: num(r.total_paid),
      posted_total: num(r.posted_total),
      unmatched_total: num(r.unmatched_total),
      claims: r.claims,
      denied: r.denied,
      status: r.status,
      created: r.created_at.toISOString(),
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

export const ERA_MESSAGES = {
  reverted: 'This remittance was already reverted',
  reversedLater: (id: number) => `Remittance ${id} reversed a claim this one paid: revert remittance ${id} first`,
  noClaim: 'The remittance has no such claim',
  noLine: 'The claim has no such line',
  claimPosted: 'This claim is already matched; match its lines instead',
  linePosted: 'This line is already matched',
  invoiceMissing: 'The invoice does not exist',
  serviceMissing: 'The service is not on an invoice',
  serviceOtherInvoice: "The service is not on the claim's invoice",
} as const;

/**
 * DELETE /eras/{id}/: takes back everything the ERA posted, in one transaction: each service
 * gets back exactly what each payment line took (or gave, for a reversal), the postings it
 * reversed become live again, its denials go, each claim gets back the status it had, and its
 * check is removed. The same file can then be imported again.
 */
export async function revertEra(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const era = await trx.selectFrom('eras').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!era) throw notFound();
    if (era.status !== 'posted') throw validation({ era: [ERA_MESSAGES.reverted] });
    const payments = await trx
      .selectFrom('remittance_payments')
      .select(['id', 'ocurrence_id', 'invoice_id', 'reversed_by', 'claim_id'])
      .where('era_id', '=', id)
      .orderBy('id')
      .execute();
    const paymentIds = payments.map((p) => p.id);
    const later = payments.find((p) => p.reversed_by !== null && !paymentIds.includes(p.reversed_by));
    if (later) {
      const by = await trx
        .selectFrom('remittance_payments')
        .select('era_id')
        .where('id', '=', later.reversed_by!)
        .executeTakeFirstOrThrow();
      throw validation({ era: [ERA_MESSAGES.reversedLater(by.era_id ?? 0)] });
    }
    const detail = era.detail as EraDetail;
    const ctx: PostingContext = {
      trx,
      userId,
      eraId: id,
      checkId: era.check_id ?? 0,
      checkNumber: era.check_number,
      payerName: era.payer_name,
      vendorId: era.vendor_id,
      services: new Map(),
      denials: [],
      payments: [],
      claims: new Map(),
      claimUpdates: [],
    };
    await lockInvoices(
      ctx,
      [
        ...new Set([
          ...payments.map((p) => p.invoice_id),
          ...detail.claims.flatMap((c) => (c.invoiceId ? [c.invoiceId] : [])),
        ]),
      ],
      detail.claims.flatMap((c) => (c.claimId ? [c.claimId] : [])),
    );
    const lines = paymentIds.length
      ? await trx
          .selectFrom('remittance_payment_lines')
          .selectAll()
          .where('payment_id', 'in', paymentIds)
          .where('denied', '=', false)
          .orderBy('payment_id', 'desc')
          .orderBy('service_id')
          .execute()
      : [];
    const moves = new Map<number, LinePlan>();
    for (const l of lines) {
      if (!ctx.services.has(l.service_id))
        throw new Error(`Service ${l.service_id} of remittance ${id} was not locked`);
      const t = moves.get(l.service_id) ?? { applied: 0, adjusted: 0, patientResponsibility: 0, denied: false };
      t.applied += centsOfNumeric(l.applied);
      t.adjusted += centsOfNumeric(l.adjusted);
      t.patientResponsibility += centsOfNumeric(l.patient_responsibility);
      moves.set(l.service_id, t);
    }
    await moveServices(
      trx,
      [...moves].sort(([x], [y]) => x - y),
      -1,
    );
    if (paymentIds.length) {
      await trx
        .updateTable('remittance_payments')
        .set({ reversed_by: null })
        .where('reversed_by', 'in', paymentIds)
        .execute();
      await trx.deleteFrom('remittance_payments').where('id', 'in', paymentIds).execute();
    }
    await trx.deleteFrom('denials').where('era_id', '=', id).execute();
    // Each claim gets back the status it had before the ERA: the first answer's (a file may answer a claim twice).
    const restored = new Set<number>();
    for (const c of detail.claims) {
      if (c.claimId === null || !c.before || restored.has(c.claimId)) continue;
      restored.add(c.claimId);
      await trx
        .updateTable('claims')
        .set({
          status: c.before.status as never,
          payer_claim_number: c.before.payerClaimNumber,
          updated_at: sql`now()`,
        })
        .where('id', '=', c.claimId)
        .execute();
      await trx
        .insertInto('claim_events')
        .values({
          claim_id: c.claimId,
          status: c.before.status,
          reason: `Remittance ${id} was reverted`,
          user_id: userId,
        })
        .execute();
      if (c.invoiceId !== null)
        await trx
          .updateTable('invoices')
          .set({ claim_open: c.before.claimOpen })
          .where('id', '=', c.invoiceId)
          .execute();
    }
    await trx
      .updateTable('eras')
      .set({ status: 'reverted', reverted_at: sql`now()`, check_id: null, posted_total: '0' })
      .where('id', '=', id)
      .execute();
    if (era.check_id !== null) await trx.deleteFrom('checks').where('id', '=', era.check_id).execute();
    await audit(trx, {
      userId,
      action: 'delete',
      entity: 'era',
      entityId: id,
      before: { check_id: era.check_id, posted: era.posted_total, payments: paymentIds },
    });
  });
}

/**
 * POST /eras/{id}/match/: a person matches an unmatched claim to an invoice, or an unmatched line
 * to a service, and what was matched posts on the ERA's check in one transaction.
 */
export async function matchEra(db: Db, userId: number, id: number, body: EraMatchBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const era = await trx.selectFrom('eras').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!era) throw notFound();
    if (era.status !== 'posted' || era.check_id === null) throw validation({ era: [ERA_MESSAGES.reverted] });
    const detail = era.detail as EraDetail;
    const stored = detail.claims[body.claim_index];
    if (!stored) throw validation({ claim_index: [ERA_MESSAGES.noClaim] });
    let invoiceId: number;
    if ('invoice_id' in body) {
      if (stored.invoiceId !== null) throw validation({ claim_index: [ERA_MESSAGES.claimPosted] });
      invoiceId = body.invoice_id;
    } else {
      const line = stored.lines[body.line_index];
      if (!line) throw validation({ line_index: [ERA_MESSAGES.noLine] });
      if (line.serviceId !== null) throw validation({ line_index: [ERA_MESSAGES.linePosted] });
      const service = await trx
        .selectFrom('services as s')
        .innerJoin('invoices as i', 'i.ocurrence_id', 's.ocurrence_id')
        .select(['i.id as invoice_id'])
        .where('s.id', '=', body.service_id)
        .executeTakeFirst();
      if (!service) throw validation({ service_id: [ERA_MESSAGES.serviceMissing] });
      if (stored.invoiceId !== null && stored.invoiceId !== service.invoice_id)
        throw validation({ service_id: [ERA_MESSAGES.serviceOtherInvoice] });
      invoiceId = service.invoice_id;
      line.serviceId = body.service_id;
    }
    const invoice = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).executeTakeFirst();
    if (!invoice) throw validation({ invoice_id: [ERA_MESSAGES.invoiceMissing] });
    // The invoice's latest claim is the one the payer answered, when the number did not say.
    const claim =
      stored.claimId !== null
        ? { id: stored.claimId }
        : await trx
            .selectFrom('claims')
            .select('id')
            .where('invoice_id', '=', invoiceId)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
    const ctx: PostingContext = {
      trx,
      userId,
      eraId: id,
      checkId: era.check_id,
      checkNumber: era.check_number,
      payerName: era.payer_name,
      vendorId: era.vendor_id,
      services: new Map(),
      denials: [],
      payments: [],
      claims: new Map(),
      claimUpdates: [],
    };
    await trx.selectFrom('checks').select('id').where('id', '=', era.check_id).forUpdate().execute();
    const invoices = await lockInvoices(ctx, [invoiceId], claim ? [claim.id] : []);
    await postClaim(ctx, stored, { ...invoices.get(invoiceId)!, claimId: claim?.id ?? null });
    const total = await trx
      .selectFrom('checks')
      .select('total_amount')
      .where('id', '=', era.check_id)
      .executeTakeFirstOrThrow();
    await finishPosting(ctx, detail, centsOfNumeric(total.total_amount));
  });
}
