import { sql } from 'kysely';
import {
  CLAIM_MESSAGES,
  knownOrdering,
  todayWire,
  type ClaimCreateResult,
  type ClaimDetail,
  type ClaimListQuery,
  type ClaimRow,
  type ListQuery,
  type Page,
  type ReadyClaimRow,
} from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import { normalizeSearch, ofOrdersMatching, searchTextHas } from '../lib/search.ts';
import type { Db, Executor, Trx } from '../db/database.ts';
import { remittanceLines } from '../lib/remittance-lines.ts';
import { gatherInvoices, readSettings, type GatheredInvoice } from './gather.ts';
import type { ClaimX12 } from '../lib/x12/claim-file.ts';

/**
 * Claims: the Ready to Bill list (the scrubber), creating claims from ready invoices, and the
 * claims list and detail.
 *
 * An invoice is waiting to be billed while it has a balance, its patient has an insurance, and
 * it has no claim other than rejected ones. A claim keeps a snapshot of the 837P data it was
 * made from, so later edits of the order, patient or payer never change what was billed.
 */

const num = (v: string | number) => Number(v);

/**
 * The invoices waiting for a claim (alias i): owed, and no claim but rejected ones bills them.
 * `claim_open` is set with a claim and cleared by its rejection, in the same transactions, so
 * the list and its count walk one partial index (invoices_waiting_idx, migration 0031).
 */
function waiting(db: Executor) {
  return db.selectFrom('invoices as i').where('i.balance', '>', '0').where('i.claim_open', '=', false);
}

const READY_ORDERINGS = { invoice_id: sql`i.id`, date: sql`i.date`, amount: sql`i.amount` } as const;

/** GET /claims/ready/: a page of the invoices waiting for a claim, each with its problems. */
export async function listReady(db: Db, query: ListQuery, today = todayWire()): Promise<Page<ReadyClaimRow>> {
  const term = normalizeSearch(query.search);
  const number = /^[1-9][0-9]{0,9}$/.test(term) && Number(term) <= 2147483647 ? Number(term) : null;
  // A patient's or order's name through the orders' search text (as the invoice list does), or
  // an invoice number: each part an index lookup, joined by a union (an OR would scan).
  const filtered = () => {
    const base = waiting(db);
    if (term === '') return base;
    if (number === null) return base.where(ofOrdersMatching('i.order_id', term));
    const ids = db
      .selectFrom('invoices as x')
      .select('x.id')
      .where(ofOrdersMatching('x.order_id', term))
      .union(db.selectFrom('invoices as n').select('n.id').where('n.id', '=', number));
    return base.where('i.id', 'in', ids);
  };
  const ordering = knownOrdering(query.ordering, READY_ORDERINGS);
  const orderExpr = ordering ? READY_ORDERINGS[ordering.field] : sql`i.id`;
  const desc = ordering ? ordering.desc : true;
  const [{ count }, rows] = await Promise.all([
    readyCount(db, term, number, filtered),
    filtered()
      .select('i.id')
      .orderBy(orderExpr, desc ? 'desc' : 'asc')
      .orderBy('i.id', desc ? 'desc' : 'asc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const settings = await readSettings(db);
  const [gathered, rejections] = await Promise.all([gatherInvoices(db, ids, today, settings), lastRejections(db, ids)]);
  return {
    results: gathered.map((g) => ({
      invoice_id: g.invoiceId,
      invoice_date: g.invoiceDate,
      service_date: g.serviceDate,
      patient: g.patient,
      payer: g.payer,
      priority: g.priority,
      amount: num(g.amount),
      rejection: rejections.get(g.invoiceId) ?? null,
      problems: g.problems,
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

/**
 * How many invoices wait for a search. A name is counted order by order through invoices
 * (order_id, id), as the invoice list does: a common name's few thousand orders cost less that
 * way than the planner's scan of every waiting invoice for `order_id IN (...)`.
 */
async function readyCount(
  db: Executor,
  term: string,
  number: number | null,
  filtered: () => ReturnType<typeof waiting>,
): Promise<{ count: number }> {
  if (term !== '' && number === null) {
    return db
      .selectFrom('orders as os')
      .select(
        sql<number>`coalesce(sum((SELECT count(*) FROM invoices i WHERE i.order_id = os.id AND i.balance > 0 AND NOT i.claim_open)), 0)::int`.as(
          'count',
        ),
      )
      .where(searchTextHas('os', term))
      .executeTakeFirstOrThrow();
  }
  return filtered()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
}

/** The reason of each invoice's latest rejected claim. */
async function lastRejections(db: Executor, invoiceIds: number[]): Promise<Map<number, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('claims as c')
    .innerJoin('claim_events as e', 'e.claim_id', 'c.id')
    .select(['c.invoice_id', 'e.reason', 'c.claim_number'])
    .where('c.invoice_id', 'in', invoiceIds)
    .where('c.status', '=', 'rejected')
    .where('e.status', '=', 'rejected')
    .orderBy('e.id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_id, `Claim ${r.claim_number} was rejected: ${r.reason}`]));
}

/** What a claim's snapshot holds: the 837P claim data as built when it was created. */
export interface ClaimSnapshot {
  claim: ClaimX12;
}

/**
 * POST /claims/: a claim for each ready invoice, for its primary coverage, in one transaction.
 * The invoices are locked in id order, so two requests for the same invoice make one claim.
 */
export async function createClaims(db: Db, userId: number, invoiceIds: number[]): Promise<ClaimCreateResult> {
  const ids = [...new Set(invoiceIds)].sort((a, b) => a - b);
  const today = todayWire();
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('invoices')
        .select(['id', 'balance', 'claim_open'])
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
      const found = new Map(locked.map((r) => [r.id, r]));
      // An invoice with a claim in hand (claim_open) waits for its answer; a paid primary
      // leaves it open for the next coverage (eras/claim-status.ts).
      const open = await trx
        .selectFrom('claims')
        .select(['invoice_id', 'claim_number', 'status'])
        .where(
          'invoice_id',
          'in',
          locked
            .filter((r) => r.claim_open)
            .map((r) => r.id)
            .concat(0),
        )
        .where('status', '<>', 'rejected')
        .orderBy('id')
        .execute();
      const openBy = new Map(open.map((c) => [c.invoice_id, c]));
      const result: ClaimCreateResult = { created: [], refused: [] };
      const candidates: number[] = [];
      for (const id of ids) {
        const invoice = found.get(id);
        const claim = openBy.get(id);
        if (!invoice) result.refused.push({ invoice_id: id, problems: [`Invoice ${id} was not found`] });
        else if (claim)
          result.refused.push({
            invoice_id: id,
            problems: [`Invoice ${id} already has claim ${claim.claim_number} (${claim.status})`],
          });
        else if (Number(invoice.balance) <= 0)
          result.refused.push({ invoice_id: id, problems: [`Invoice ${id} has no balance to bill`] });
        else candidates.push(id);
      }
      const settings = await readSettings(trx);
      const gathered = await gatherInvoices(trx, candidates, today, settings);
      const ready = gathered.filter((g) => g.claim !== null);
      for (const g of gathered)
        if (g.claim === null)
          result.refused.push({ invoice_id: g.invoiceId, problems: g.problems.map((p) => p.message) });
      const created = await insertClaims(trx, userId, ready);
      result.created.push(...created);
      result.refused.sort((a, b) => a.invoice_id - b.invoice_id);
      return result;
    });
  } catch (err) {
    // Another request made a claim for one of these invoices between our check and insert.
    if (isUniqueViolation(err, 'claims_open_invoice_key')) return createClaims(db, userId, invoiceIds);
    throw err;
  }
}

/** Claim numbers: the invoice number and the invoice's claim count ("1042-1", "1042-2" after a rejection). */
async function insertClaims(
  trx: Trx,
  userId: number,
  ready: GatheredInvoice[],
  replacing: { original: string; replaced: string } | null = null,
) {
  if (ready.length === 0) return [];
  const counts = await trx
    .selectFrom('claims')
    .select(['invoice_id', sql<number>`count(*)::int`.as('n')])
    .where(
      'invoice_id',
      'in',
      ready.map((g) => g.invoiceId),
    )
    .groupBy('invoice_id')
    .execute();
  const countBy = new Map(counts.map((c) => [c.invoice_id, c.n]));
  const created: ClaimCreateResult['created'] = [];
  for (const g of ready) {
    const claimNumber = `${g.invoiceId}-${(countBy.get(g.invoiceId) ?? 0) + 1}`;
    const claim: ClaimX12 = {
      ...g.claim!,
      claimNumber,
      ...(replacing ? { frequency: 7 as const, originalClaimNumber: replacing.original } : {}),
    };
    const snapshot: ClaimSnapshot = { claim };
    const payerName = g.payer?.name ?? '';
    const row = await trx
      .insertInto('claims')
      .values({
        claim_number: claimNumber,
        invoice_id: g.invoiceId,
        patient_id: g.patient.id,
        insurance_id: g.insuranceId,
        vendor_id: g.payer!.id,
        priority: g.priority ?? 1,
        amount: g.amount,
        snapshot: JSON.stringify(snapshot),
        search_text: normalizeSearch(`${claimNumber} ${g.patient.first_name} ${g.patient.last_name} ${payerName}`),
        user_id: userId,
        ...(replacing ? { frequency: 7, original_claim_number: replacing.original } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('claim_lines')
      .values(
        g.lines.map((l, i) => ({
          claim_id: row.id,
          line_number: i + 1,
          service_id: l.serviceId,
          hcpcs_code: l.hcpcs,
          modifiers: l.modifiers,
          description: l.description,
          units: l.units,
          charge: l.charge,
          date_from: l.dateFrom,
          date_to: l.dateTo,
          diagnosis_pointers: claim.lines[i]!.diagnosisPointers,
        })),
      )
      .execute();
    await trx
      .insertInto('claim_events')
      .values({
        claim_id: row.id,
        status: 'created',
        reason: replacing ? `Replaces claim ${replacing.replaced}` : '',
        user_id: userId,
      })
      .execute();
    await trx.updateTable('invoices').set({ claim_open: true }).where('id', '=', g.invoiceId).execute();
    await audit(trx, {
      userId,
      action: 'create',
      entity: 'claim',
      entityId: row.id,
      after: { claim_number: claimNumber, invoice_id: g.invoiceId, amount: g.amount },
      patientId: g.patient.id,
    });
    created.push({ id: row.id, invoice_id: g.invoiceId, claim_number: claimNumber });
  }
  return created;
}

/** Statuses a payer answered with: such a claim may be corrected by a replacement (frequency 7). */
const REPLACEABLE = ['accepted', 'paid', 'partially_paid', 'denied'];

/**
 * POST /claims/{id}/replace/: a replacement claim (CLM05-3 7, REF*F8 the original's number) for
 * the claim's invoice, built from today's data, which must pass the scrubber. The replaced claim
 * keeps its status and gains a history row naming its replacement.
 */
export async function replaceClaim(db: Db, userId: number, id: number): Promise<ClaimCreateResult['created'][number]> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('claims')
      .select(['id', 'invoice_id', 'claim_number', 'status', 'payer_claim_number', 'priority'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound();
    await trx.selectFrom('invoices').select('id').where('id', '=', old.invoice_id).forUpdate().execute();
    if (!REPLACEABLE.includes(old.status))
      throw validation({ claim: [CLAIM_MESSAGES.notReplaceable(old.claim_number, old.status)] });
    const inFlight = await trx
      .selectFrom('claims')
      .select('claim_number')
      .where('invoice_id', '=', old.invoice_id)
      .where('status', 'in', ['created', 'submitted'])
      .executeTakeFirst();
    if (inFlight) throw validation({ claim: [CLAIM_MESSAGES.replacementInFlight(inFlight.claim_number)] });
    const [gathered] = await gatherInvoices(
      trx,
      [old.invoice_id],
      todayWire(),
      await readSettings(trx),
      old.priority as 1 | 2 | 3,
    );
    if (!gathered?.claim) throw validation({ claim: gathered ? gathered.problems.map((p) => p.message) : [] });
    // REF*F8 names the payer's number for the original when its 277CA gave one, else ours.
    const original = old.payer_claim_number ?? old.claim_number;
    const [created] = await insertClaims(trx, userId, [gathered], { original, replaced: old.claim_number });
    await trx
      .insertInto('claim_events')
      .values({
        claim_id: old.id,
        status: old.status,
        reason: `Replaced by claim ${created!.claim_number}`,
        user_id: userId,
      })
      .execute();
    return created!;
  });
}

const CLAIM_ORDERINGS = {
  claim_number: [sql`c.claim_number`],
  created: [sql`c.created_at`, sql`c.id`],
  amount: [sql`c.amount`, sql`c.id`],
  status: [sql`c.status`, sql`c.id`],
  patient: [sql`p.last_name`, sql`p.first_name`, sql`c.id`],
  id: [sql`c.id`],
} as const;

function claimRows(db: Executor) {
  return db
    .selectFrom('claims as c')
    .innerJoin('patients as p', 'p.id', 'c.patient_id')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select([
      'c.id',
      'c.claim_number',
      'c.invoice_id',
      'c.priority',
      'c.amount',
      'c.status',
      'c.batch_id',
      'c.created_at',
      'c.frequency',
      'c.original_claim_number',
      'c.payer_claim_number',
      'c.snapshot',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'v.id as vendor_id',
      'v.name as vendor_name',
    ]);
}

type ClaimRowData = Awaited<ReturnType<ReturnType<typeof claimRows>['execute']>>[number];

function toRow(r: ClaimRowData): ClaimRow {
  return {
    id: r.id,
    claim_number: r.claim_number,
    invoice_id: r.invoice_id,
    patient: { id: r.patient_id, first_name: r.first_name, last_name: r.last_name },
    payer: { id: r.vendor_id, name: r.vendor_name },
    priority: r.priority,
    amount: num(r.amount),
    status: r.status,
    batch_id: r.batch_id,
    created: r.created_at.toISOString(),
  };
}

/** GET /claims/: search on patient, claim number and payer; filter by status; newest first by default. */
export async function listClaims(db: Db, query: ClaimListQuery): Promise<Page<ClaimRow>> {
  const term = normalizeSearch(query.search);
  let base = db.selectFrom('claims as c').innerJoin('patients as p', 'p.id', 'c.patient_id');
  if (term !== '') base = base.where(searchTextHas('c', term));
  if (query.status) base = base.where('c.status', '=', query.status);
  const ordering = knownOrdering(query.ordering, CLAIM_ORDERINGS);
  const keys = ordering ? CLAIM_ORDERINGS[ordering.field] : CLAIM_ORDERINGS.id;
  const dir = (ordering ? ordering.desc : true) ? 'desc' : 'asc';
  const pageIds = base.select('c.id');
  const ordered = keys.reduce((q, key) => q.orderBy(key, dir), pageIds);
  const [{ count }, idRows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    ordered
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length === 0 ? [] : await claimRows(db).where('c.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    results: ids.map((id) => toRow(byId.get(id)!)),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

/** GET /claims/{id}/: the claim, its lines and its history. */
export async function getClaim(db: Db, id: number): Promise<ClaimDetail> {
  const row = await claimRows(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const [lines, history, remittance] = await Promise.all([
    db.selectFrom('claim_lines').selectAll().where('claim_id', '=', id).orderBy('line_number').execute(),
    db
      .selectFrom('claim_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.status', 'e.reason', 'e.created_at', 'u.first_name', 'u.last_name', 'u.username'])
      .where('e.claim_id', '=', id)
      .orderBy('e.id')
      .execute(),
    remittanceLines(db, { claimId: id }),
  ]);
  const snapshot = row.snapshot as ClaimSnapshot;
  return {
    ...toRow(row),
    frequency: row.frequency,
    original_claim_number: row.original_claim_number,
    payer_claim_number: row.payer_claim_number,
    diagnoses: snapshot.claim.diagnoses,
    lines: lines.map((l) => ({
      line_number: l.line_number,
      service_id: l.service_id,
      hcpcs_code: l.hcpcs_code,
      modifiers: l.modifiers,
      description: l.description,
      units: l.units,
      charge: num(l.charge),
      date_from: l.date_from,
      date_to: l.date_to,
      diagnosis_pointers: l.diagnosis_pointers,
    })),
    history: history.map((h) => ({
      status: h.status,
      reason: h.reason,
      user: h.username === null ? null : `${h.first_name ?? ''} ${h.last_name ?? ''}`.trim() || h.username,
      created: h.created_at.toISOString(),
    })),
    remittance_lines: remittance,
  };
}
