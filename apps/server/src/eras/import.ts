import { sql } from 'kysely';
import type { Db, Trx } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { AppError, isUniqueViolation } from '../lib/errors.ts';
import { readRemittance } from '../lib/x12/read-835.ts';
import type { RemittanceFile, RemittanceTransaction } from '../lib/x12/remittance-file.ts';
import { todayWire } from '@dme/shared';
import {
  cents,
  centsOfNumeric,
  claimState,
  claimWithoutLines,
  flushPayments,
  matchLines,
  money,
  postClaimLines,
  reverseClaim,
  type MatchedInvoice,
  type PostingContext,
  type ServiceState,
} from './posting.ts';
import type { EraDetail, StoredClaim } from '../lib/era-detail.ts';
import { settleClaim, writeClaimUpdates } from './claim-status.ts';

/**
 * POST /eras/: one 835 file, read, stored and posted in one transaction. Each transaction set
 * (one payment) becomes an ERA with its check; what matches posts, the rest waits for a person.
 */

export const ALREADY_IMPORTED = 'This remittance was already imported';
const alreadyImported = () => new AppError(409, { detail: ALREADY_IMPORTED, error: ALREADY_IMPORTED });
/** A 422 both as a field error on `file` and as `detail`, for forms and for API callers. */
export const fileRefused = (message: string) => new AppError(422, { file: [message], detail: message });

const DUPLICATE_KEYS = ['eras_payment_key', 'eras_transaction_key', 'checks_vendor_number_key'];

export async function importRemittance(db: Db, userId: number, fileName: string, text: string): Promise<number[]> {
  let file: RemittanceFile;
  try {
    file = readRemittance(text);
  } catch (err) {
    throw fileRefused(err instanceof Error ? err.message : String(err));
  }
  if (file.transactions.length === 0) throw fileRefused('The file holds no 835 transaction');
  try {
    return await db.transaction().execute(async (trx) => {
      const stored = await trx
        .insertInto('era_files')
        .values({ file_name: fileName, content: text, user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const t of file.transactions) ids.push(await importTransaction(trx, userId, stored.id, file, t));
      return ids;
    });
  } catch (err) {
    if (DUPLICATE_KEYS.some((key) => isUniqueViolation(err, key))) throw alreadyImported();
    throw err;
  }
}

/** The vendor of the 835's payer: by payer id, else by name, else a new one. */
async function payerVendor(trx: Trx, payer: RemittanceTransaction['payer']): Promise<number> {
  const name = payer.name.trim() || payer.id.trim() || 'Unknown payer';
  if (payer.id.trim() !== '') {
    const byId = await trx
      .selectFrom('vendors')
      .select('id')
      .where(sql`upper(payer_id)`, '=', payer.id.trim().toUpperCase())
      .orderBy('id')
      .executeTakeFirst();
    if (byId) return byId.id;
  }
  const byName = () =>
    trx
      .selectFrom('vendors')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  const found = await byName();
  if (found) return found.id;
  await trx
    .insertInto('vendors')
    .values({
      name: name.slice(0, 200),
      phone: '',
      payer_id: payer.id.trim().slice(0, 80),
      address_1: payer.address1.slice(0, 200),
      city: payer.city.slice(0, 100),
      state: payer.state.slice(0, 2),
      zip: payer.zip.slice(0, 10),
    })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const created = await byName();
  if (!created) throw new Error('The payer could not be created');
  return created.id;
}

async function importTransaction(
  trx: Trx,
  userId: number,
  fileId: number,
  file: RemittanceFile,
  t: RemittanceTransaction,
): Promise<number> {
  const label = `Payment ${t.checkNumber}`;
  const vendorId = await payerVendor(trx, t.payer);
  const payerKey = (t.payer.id.trim() || t.payer.name.trim()).toUpperCase();
  const totalPaid = cents(t.totalPaid);
  const providerTotal = t.providerAdjustments.reduce((s, a) => s + cents(a.amount), 0);
  // What the claims were paid: the payment plus what the payer kept back at provider level.
  const checkTotal = totalPaid + providerTotal;
  if (checkTotal < 0)
    throw fileRefused(
      `${label}: it takes back more than it pays (${money(checkTotal)}); post it by hand in Remittance`,
    );

  const seen = await trx
    .selectFrom('eras')
    .select('id')
    .where('status', '=', 'posted')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('payer_key', '=', payerKey),
          eb('check_number', '=', t.checkNumber),
          eb('total_paid', '=', money(totalPaid)),
        ]),
        eb.and([
          eb('sender_id', '=', file.senderId),
          eb('interchange_number', '=', file.controlNumber),
          eb('transaction_number', '=', t.controlNumber),
        ]),
      ]),
    )
    .executeTakeFirst();
  const check = await trx
    .selectFrom('checks')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .where('check_number', '=', t.checkNumber)
    .executeTakeFirst();
  if (seen || check) throw alreadyImported();

  const checkDate = t.paymentDate || todayWire();
  const era = await trx
    .insertInto('eras')
    .values({
      file_id: fileId,
      sender_id: file.senderId,
      interchange_number: file.controlNumber,
      transaction_number: t.controlNumber,
      payer_key: payerKey,
      payer_name: t.payer.name,
      payer_id: t.payer.id,
      vendor_id: vendorId,
      check_number: t.checkNumber,
      check_date: checkDate,
      total_paid: money(totalPaid),
      payment_method: t.paymentMethod,
      detail: '{}',
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const memo = [
    `835 remittance ${era.id} (${t.paymentMethod || 'payment'} ${money(totalPaid)})`,
    providerTotal !== 0 ? `provider adjustments ${money(providerTotal)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const created = await trx
    .insertInto('checks')
    .values({
      vendor_id: vendorId,
      check_number: t.checkNumber,
      check_date: checkDate,
      total_amount: money(checkTotal),
      payment_method: 'Bank',
      memo_notes: memo,
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const claims: StoredClaim[] = t.claims.map(({ lines, ...claim }) => ({
    claim,
    lines: lines.map((line) => ({
      line,
      serviceId: null,
      state: 'unmatched',
      applied: 0,
      adjusted: 0,
      patientResponsibility: 0,
      problem: '',
    })),
    claimId: null,
    invoiceId: null,
    state: 'unmatched',
    problem: '',
    posted: 0,
    before: null,
  }));
  const detail: EraDetail = { providerAdjustments: t.providerAdjustments, claims };
  const numbers = [...new Set(claims.map((c) => c.claim.claimNumber))];
  const found =
    numbers.length === 0
      ? []
      : await trx
          .selectFrom('claims')
          .select(['id', 'claim_number', 'invoice_id'])
          .where('claim_number', 'in', numbers)
          .execute();
  const byNumber = new Map(found.map((c) => [c.claim_number, c]));
  const targets = claims.map((c) => {
    const claim = byNumber.get(c.claim.claimNumber);
    return claim ? { stored: c, invoiceId: claim.invoice_id, claimId: claim.id } : null;
  });
  const ctx: PostingContext = {
    trx,
    userId,
    eraId: era.id,
    checkId: created.id,
    checkNumber: t.checkNumber,
    payerName: t.payer.name,
    vendorId,
    services: new Map(),
    denials: [],
    payments: [],
    claims: new Map(),
    claimUpdates: [],
  };
  const invoices = await lockInvoices(
    ctx,
    targets.flatMap((x) => (x ? [x.invoiceId] : [])),
    targets.flatMap((x) => (x ? [x.claimId] : [])),
  );
  for (const target of targets) {
    if (!target) continue;
    const invoice = invoices.get(target.invoiceId);
    if (invoice) await postClaim(ctx, target.stored, { ...invoice, claimId: target.claimId });
  }
  return finishPosting(ctx, detail, checkTotal);
}

/**
 * Locks what a posting touches, in the order every money change uses (occurrences, then claims,
 * then services, each in id order), and reads each invoice's candidates for the 835's lines.
 */
export async function lockInvoices(
  ctx: PostingContext,
  invoiceIds: number[],
  claimIds: number[],
): Promise<Map<number, Omit<MatchedInvoice, 'claimId'>>> {
  const { trx } = ctx;
  const result = new Map<number, Omit<MatchedInvoice, 'claimId'>>();
  if (invoiceIds.length === 0) return result;
  const invoices = await trx
    .selectFrom('invoices as i')
    .innerJoin('ocurrences as oc', 'oc.id', 'i.ocurrence_id')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .select(['i.id', 'i.ocurrence_id', 'o.patient_id'])
    .where('i.id', 'in', [...new Set(invoiceIds)])
    .execute();
  const occurrences = [...new Set(invoices.map((i) => i.ocurrence_id))].sort((a, b) => a - b);
  await trx.selectFrom('ocurrences').select('id').where('id', 'in', occurrences).orderBy('id').forUpdate().execute();
  if (claimIds.length) {
    const claims = await trx
      .selectFrom('claims as c')
      .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
      .select([
        'c.id',
        'c.status',
        'c.payer_claim_number',
        'c.priority',
        'c.patient_id',
        'c.invoice_id',
        'i.claim_open',
      ])
      .where('c.id', 'in', [...new Set(claimIds)])
      .orderBy('c.id')
      .forUpdate('c')
      .execute();
    for (const c of claims)
      if (!ctx.claims.has(c.id))
        ctx.claims.set(c.id, {
          status: c.status,
          payerClaimNumber: c.payer_claim_number,
          claimOpen: c.claim_open,
          priority: c.priority,
          patientId: c.patient_id,
          invoiceId: c.invoice_id,
        });
  }
  const services = await trx
    .selectFrom('services as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('order_products as op', 'op.id', 's.order_product_id')
    .select([
      's.id',
      's.ocurrence_id',
      's.outstanding',
      's.patient_responsibility',
      's.date',
      'p.hcpcs_code',
      sql<string[]>`coalesce(op.modifiers, p.modifiers)`.as('modifiers'),
    ])
    .where('s.ocurrence_id', 'in', occurrences)
    .where('s.outstanding', 'is not', null)
    .orderBy('s.id')
    .forUpdate('s')
    .execute();
  for (const s of services) {
    if (!ctx.services.has(s.id))
      ctx.services.set(s.id, {
        id: s.id,
        ocurrenceId: s.ocurrence_id,
        outstanding: centsOfNumeric(s.outstanding ?? 0),
        patientResponsibility: centsOfNumeric(s.patient_responsibility),
        date: s.date,
        hcpcs: s.hcpcs_code,
        modifiers: s.modifiers ?? [],
      } satisfies ServiceState);
  }
  const claimLines = claimIds.length
    ? await trx
        .selectFrom('claim_lines as cl')
        .innerJoin('claims as c', 'c.id', 'cl.claim_id')
        .select(['c.invoice_id', 'cl.service_id', 'cl.hcpcs_code', 'cl.modifiers', 'cl.date_from'])
        .where('cl.claim_id', 'in', claimIds)
        .orderBy('cl.line_number')
        .execute()
    : [];
  for (const i of invoices) {
    const fromClaim = claimLines.filter((l) => l.invoice_id === i.id);
    const candidates = fromClaim.length
      ? fromClaim.map((l) => ({
          serviceId: l.service_id,
          hcpcs: l.hcpcs_code,
          modifiers: l.modifiers,
          date: l.date_from,
        }))
      : [...ctx.services.values()]
          .filter((s) => s.ocurrenceId === i.ocurrence_id)
          .map((s) => ({ serviceId: s.id, hcpcs: s.hcpcs, modifiers: s.modifiers, date: s.date }));
    result.set(i.id, { invoiceId: i.id, ocurrenceId: i.ocurrence_id, patientId: i.patient_id, candidates });
  }
  return result;
}

/** Posts one matched claim: a reversal, a claim without lines, or its lines; then its status. */
export async function postClaim(ctx: PostingContext, stored: StoredClaim, invoice: MatchedInvoice): Promise<void> {
  stored.claimId = invoice.claimId;
  stored.invoiceId = invoice.invoiceId;
  const before = keepClaimBefore(ctx, stored, invoice);
  if (stored.claim.statusCode === '22') {
    const taken = await reverseClaim(ctx, stored, invoice);
    if (taken === null) {
      stored.state = 'not posted';
      stored.problem = `No earlier posting of claim ${stored.claim.claimNumber} to reverse`;
      for (const l of stored.lines) l.state = 'not posted';
    } else stored.state = 'reversed';
  } else if (stored.lines.length === 0) {
    claimWithoutLines(ctx, stored, invoice);
  } else {
    matchLines(stored, invoice);
    await postClaimLines(ctx, stored, invoice);
    stored.state = claimState(stored);
  }
  if (before) settleClaim(ctx, stored, invoice);
}

/** Keeps the claim's state before this ERA (the revert puts it back), once. */
function keepClaimBefore(ctx: PostingContext, stored: StoredClaim, invoice: MatchedInvoice): boolean {
  if (invoice.claimId === null) return false;
  if (stored.before) return true;
  const claim = ctx.claims.get(invoice.claimId);
  if (!claim) throw new Error(`Claim ${invoice.claimId} was not locked`);
  stored.before = { status: claim.status, payerClaimNumber: claim.payerClaimNumber, claimOpen: claim.claimOpen };
  return true;
}

/** Writes the denials, the check's applied amount and the ERA's totals and detail. */
export async function finishPosting(ctx: PostingContext, detail: EraDetail, checkTotal: number): Promise<number> {
  const { trx } = ctx;
  await flushPayments(ctx);
  await writeClaimUpdates(ctx);
  if (ctx.denials.length) {
    const patients = await trx
      .selectFrom('invoices as i')
      .innerJoin('ocurrences as oc', 'oc.id', 'i.ocurrence_id')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .select(['i.id', 'o.patient_id', 'oc.date'])
      .where('i.id', 'in', [...new Set(ctx.denials.map((d) => d.invoiceId))])
      .execute();
    const of = new Map(patients.map((p) => [p.id, p]));
    await trx
      .insertInto('denials')
      .values(
        ctx.denials.map((d) => ({
          era_id: ctx.eraId,
          claim_id: d.claimId,
          invoice_id: d.invoiceId,
          service_id: d.serviceId,
          patient_id: of.get(d.invoiceId)!.patient_id,
          vendor_id: ctx.vendorId,
          service_date: d.serviceDate || of.get(d.invoiceId)!.date,
          hcpcs: d.hcpcs,
          amount: money(d.amount),
          adjustments: JSON.stringify(d.adjustments),
          remarks: JSON.stringify(d.remarks),
          reasons: [...new Set(d.adjustments.map((a) => a.reason.toUpperCase()))],
          user_id: ctx.userId,
        })),
      )
      .execute();
    ctx.denials = [];
  }
  const posted = detail.claims.reduce((s, c) => s + c.posted, 0);
  const claimed = detail.claims.reduce((s, c) => s + cents(c.claim.paid), 0);
  if (posted > checkTotal || posted < 0)
    throw new AppError(422, {
      detail: `Payment ${ctx.checkNumber}: its claims would post ${money(posted)} against a payment of ${money(checkTotal)}; post it by hand in Remittance`,
    });
  await trx
    .updateTable('checks')
    .set({ applied_amount: money(posted), updated_at: sql`now()` })
    .where('id', '=', ctx.checkId)
    .execute();
  const searchText = [
    ctx.payerName,
    ctx.checkNumber,
    ...detail.claims.map((c) => `${c.claim.claimNumber} ${c.claim.patient.firstName} ${c.claim.patient.lastName}`),
  ]
    .join(' ')
    .toLowerCase()
    .slice(0, 20000);
  await trx
    .updateTable('eras')
    .set({
      check_id: ctx.checkId,
      posted_total: money(posted),
      unmatched_total: money(claimed - posted),
      detail: JSON.stringify(detail),
      search_text: searchText,
    })
    .where('id', '=', ctx.eraId)
    .execute();
  await audit(trx, {
    userId: ctx.userId,
    action: 'update',
    entity: 'era',
    entityId: ctx.eraId,
    after: { check_id: ctx.checkId, posted: money(posted), unmatched: money(claimed - posted) },
  });
  return ctx.eraId;
}
