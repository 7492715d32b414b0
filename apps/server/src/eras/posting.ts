import { sql } from 'kysely';
import {
  afterPlan,
  applyClaimAdjustments,
  isDeniedLine,
  planLine,
  planProblem,
  type CasCents,
  type LinePlan,
} from '@dme/shared';
import type { Trx } from '../db/database.ts';
import { centsOfNumeric } from '../lib/cents.ts';
import { expectedAllowed } from '../lib/pricing.ts';
import type { Adjustment } from '../lib/x12/remittance-file.ts';
import { centsOfX12, moneyText } from '../lib/x12/values.ts';
import type { StoredClaim, StoredLine } from '../lib/era-detail.ts';

/**
 * Posting an 835's claims into the remittance records the office already uses: for each matched
 * claim one remittance payment on the ERA's check, one payment line per service (paid, insurance
 * adjustment, patient responsibility, the CAS codes), denials for a person, the claim's status.
 * The caller holds the row locks (occurrences, claims, services, in id order) and the check.
 */

export { centsOfNumeric };
export const money = (cents: number): string => moneyText(cents);

/** Cents of an amount as the 835 reader gives it ("-34.00"): read-835 has checked every one. */
export const cents = (text: string): number => centsOfX12(text) ?? 0;

const casCents = (adjustments: readonly Adjustment[]): CasCents[] =>
  adjustments.map((a) => ({ group: a.group, reason: a.reason, cents: cents(a.amount) }));

/** What posting needs to know of one service, kept current as lines post. */
export interface ServiceState {
  id: number;
  ocurrenceId: number;
  outstanding: number;
  patientResponsibility: number;
  date: string;
  hcpcs: string;
  modifiers: string[];
}

/** The context of one ERA's posting. */
export interface PostingContext {
  trx: Trx;
  userId: number;
  eraId: number;
  checkId: number;
  checkNumber: string;
  payerName: string;
  vendorId: number;
  services: Map<number, ServiceState>;
  /** Denials to insert at the end. */
  denials: DenialDraft[];
  /** Payments planned and not yet written (flushPayments). */
  payments: PaymentDraft[];
  /** The claims the ERA answers, as they stand (read when locked, kept current as it posts). */
  claims: Map<number, ClaimState>;
  /** Claim changes not yet written (writeClaimUpdates). */
  claimUpdates: { claimId: number; status: string | null; payerNumber: string; reason: string }[];
}

export interface ClaimState {
  status: string;
  payerClaimNumber: string | null;
  claimOpen: boolean;
  priority: number;
  patientId: number;
  invoiceId: number;
}

/** One claim's posting, planned: written with the others in a few statements. */
export interface PaymentDraft {
  invoice: MatchedInvoice;
  lines: {
    serviceId: number;
    before: number;
    plan: LinePlan;
    adjustments: Adjustment[];
    remarks: string[];
    /** AMT*B6 in cents, null when the 835 did not say. */
    allowed: number | null;
  }[];
}

export interface DenialDraft {
  claimId: number | null;
  invoiceId: number;
  serviceId: number | null;
  serviceDate: string;
  hcpcs: string;
  amount: number;
  adjustments: Adjustment[];
  remarks: string[];
}

/** The invoice a matched claim posts on. */
export interface MatchedInvoice {
  invoiceId: number;
  ocurrenceId: number;
  patientId: number;
  claimId: number | null;
  /** Candidates for its lines: the claim's lines, or the occurrence's services. */
  candidates: { serviceId: number; hcpcs: string; modifiers: string[]; date: string }[];
}

const sameModifiers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Lines to services: REF*6R (the service id the claim sent), else HCPCS, modifiers and date. */
export function matchLines(stored: StoredClaim, invoice: MatchedInvoice): void {
  const used = new Set(stored.lines.map((l) => l.serviceId).filter((id) => id !== null));
  const ids = new Set(invoice.candidates.map((c) => c.serviceId));
  for (const l of stored.lines) {
    if (l.serviceId !== null || l.state !== 'unmatched') continue;
    const ref = /^\d{1,10}$/.test(l.line.lineControlNumber) ? Number(l.line.lineControlNumber) : null;
    if (ref !== null && ids.has(ref) && !used.has(ref)) {
      l.serviceId = ref;
      used.add(ref);
      continue;
    }
    const date = l.line.serviceDate || stored.claim.serviceDateFrom;
    const found = invoice.candidates.find(
      (c) =>
        !used.has(c.serviceId) &&
        c.hcpcs.toUpperCase() === l.line.hcpcs.toUpperCase() &&
        sameModifiers(c.modifiers, l.line.modifiers) &&
        (date === '' || c.date === date),
    );
    // A payer that dropped or reordered modifiers: the one line of that code on that date.
    const loose = found
      ? null
      : invoice.candidates.filter(
          (c) =>
            !used.has(c.serviceId) &&
            c.hcpcs.toUpperCase() === l.line.hcpcs.toUpperCase() &&
            (date === '' || c.date === date),
        );
    const chosen = found ?? (loose?.length === 1 ? loose[0] : undefined);
    if (chosen) {
      l.serviceId = chosen.serviceId;
      used.add(chosen.serviceId);
    }
  }
}

/**
 * Posts the matched, not yet posted lines of one claim on its invoice. Lines without a service
 * stay unmatched; a line that does not fit its service is "not posted" with the reason. Returns
 * the cents posted.
 */
export async function postClaimLines(
  ctx: PostingContext,
  stored: StoredClaim,
  invoice: MatchedInvoice,
): Promise<number> {
  const pending = stored.lines.filter((l) => l.serviceId !== null && l.state === 'unmatched');
  if (pending.length === 0) return 0;
  const plans = pending.map((l) => planLine(cents(l.line.paid), casCents(l.line.adjustments)));
  // Claim-level adjustments are folded into the lines the first time the claim posts.
  const claimLevel =
    stored.posted === 0 && stored.lines.every((l) => l.state === 'unmatched' || l.serviceId === null)
      ? casCents(stored.claim.adjustments)
      : [];
  const folded = claimLevel.length ? applyClaimAdjustments(plans, claimLevel) : plans;
  if (!folded) {
    for (const l of pending) {
      l.state = 'not posted';
      l.problem = 'The claim-level adjustments do not fit its lines: post it by hand in Remittance';
    }
    return 0;
  }
  const posted: { line: StoredLine; plan: LinePlan; service: ServiceState; before: number }[] = [];
  pending.forEach((l, i) => {
    const plan = folded[i]!;
    const service = ctx.services.get(l.serviceId!);
    if (!service || service.ocurrenceId !== invoice.ocurrenceId) {
      l.state = 'not posted';
      l.problem = "The service is not on the claim's invoice";
      return;
    }
    const problem = planProblem(plan, service);
    if (problem) {
      l.state = 'not posted';
      l.problem = problem;
      return;
    }
    posted.push({ line: l, plan, service, before: service.outstanding });
  });
  if (posted.length === 0) return 0;

  const applied = posted.reduce((s, p) => s + p.plan.applied, 0);
  ctx.payments.push({
    invoice,
    lines: posted.map((p) => ({
      serviceId: p.service.id,
      before: p.before,
      plan: p.plan,
      adjustments: p.line.line.adjustments,
      remarks: p.line.line.remarks,
      allowed: p.line.line.allowed ? cents(p.line.line.allowed) : null,
    })),
  });
  for (const p of posted) {
    if (p.plan.denied) {
      p.line.state = 'denied';
      ctx.denials.push({
        claimId: invoice.claimId,
        invoiceId: invoice.invoiceId,
        serviceId: p.service.id,
        serviceDate: p.line.line.serviceDate || stored.claim.serviceDateFrom || p.service.date,
        hcpcs: p.line.line.hcpcs,
        amount: cents(p.line.line.charge),
        adjustments: p.line.line.adjustments,
        remarks: p.line.line.remarks,
      });
      continue;
    }
    const next = afterPlan(p.plan, p.service);
    p.service.outstanding = next.outstanding;
    p.service.patientResponsibility = next.patientResponsibility;
    p.line.state = 'posted';
    p.line.applied = p.plan.applied;
    p.line.adjusted = p.plan.adjusted;
    p.line.patientResponsibility = p.plan.patientResponsibility;
  }
  stored.posted += applied;
  return applied;
}

/** Rows per multi-row statement, well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes the queued payments in a few statements: the payments (one per claim), their lines,
 * and each service's total change in one UPDATE per thousand services. The cached service
 * states already hold the result; the database catches up here.
 */
export async function flushPayments(ctx: PostingContext): Promise<void> {
  const drafts = ctx.payments;
  if (drafts.length === 0) return;
  ctx.payments = [];
  const ids: number[] = [];
  for (const part of chunks(drafts)) {
    const rows = await ctx.trx
      .insertInto('remittance_payments')
      .values(
        part.map((d) => {
          const sum = (pick: (p: LinePlan) => number) => d.lines.reduce((s, l) => s + pick(l.plan), 0);
          return {
            check_id: ctx.checkId,
            ocurrence_id: d.invoice.ocurrenceId,
            invoice_id: d.invoice.invoiceId,
            amount_applied: money(sum((p) => p.applied)),
            amount_adjusted: money(sum((p) => p.adjusted)),
            write_off: '0',
            user_id: ctx.userId,
            era_id: ctx.eraId,
            claim_id: d.invoice.claimId,
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id).sort((x, y) => x - y));
  }
  // What each line's payer allowed against what was expected: an underpayment when less (issue 33).
  // Priced a thousand services at a time: a large file's pricing stays small in memory.
  const serviceIds = drafts.flatMap((d) => d.lines.map((l) => l.serviceId));
  const expected = new Map<number, number | null>();
  for (const part of chunks(serviceIds))
    for (const [id, value] of await expectedAllowed(ctx.trx, part)) expected.set(id, value);
  const lines = drafts.flatMap((d, k) =>
    d.lines.map((l) => ({
      allowed: l.plan.denied ? null : money(l.allowed ?? l.plan.applied + l.plan.patientResponsibility),
      expected: l.plan.denied || expected.get(l.serviceId) == null ? null : String(expected.get(l.serviceId)),
      payment_id: ids[k]!,
      service_id: l.serviceId,
      outstanding_before: money(l.before),
      applied: money(l.plan.applied),
      adjusted: money(l.plan.adjusted),
      written_off: '0',
      patient_responsibility: money(l.plan.patientResponsibility),
      adjustments: JSON.stringify(l.adjustments),
      remarks: JSON.stringify(l.remarks),
      denied: l.plan.denied,
    })),
  );
  for (const part of chunks(lines)) await ctx.trx.insertInto('remittance_payment_lines').values(part).execute();
  const deltas = new Map<number, LinePlan>();
  for (const d of drafts)
    for (const l of d.lines) {
      if (l.plan.denied) continue;
      const t = deltas.get(l.serviceId) ?? { applied: 0, adjusted: 0, patientResponsibility: 0, denied: false };
      t.applied += l.plan.applied;
      t.adjusted += l.plan.adjusted;
      t.patientResponsibility += l.plan.patientResponsibility;
      deltas.set(l.serviceId, t);
    }
  await moveServices(
    ctx.trx,
    [...deltas].sort(([a], [b]) => a - b),
    1,
  );
}

/** Puts plans on services (direction 1) or takes them back (-1): one UPDATE per thousand services. */
export async function moveServices(trx: Trx, moves: readonly [number, LinePlan][], direction: 1 | -1): Promise<void> {
  for (const part of chunks(moves)) {
    const values = sql.join(
      part.map(
        ([id, p]) =>
          sql`(${id}::int, ${money(p.applied * direction)}::numeric, ${money(p.adjusted * direction)}::numeric, ${money(p.patientResponsibility * direction)}::numeric)`,
      ),
    );
    await sql`UPDATE services s SET
        outstanding = s.outstanding - v.applied - v.adjusted,
        remitted = s.remitted + v.applied,
        amount_ajusted = s.amount_ajusted + v.adjusted,
        patient_responsibility = s.patient_responsibility + v.patient,
        updated_at = now()
      FROM (VALUES ${values}) AS v(id, applied, adjusted, patient)
      WHERE s.id = v.id`.execute(trx);
  }
}

/** A claim answered without service lines: a denial of the whole claim, or left for a person. */
export function claimWithoutLines(ctx: PostingContext, stored: StoredClaim, invoice: MatchedInvoice): void {
  const paid = cents(stored.claim.paid);
  const denied = stored.claim.statusCode === '4' || isDeniedLine(paid, casCents(stored.claim.adjustments));
  if (denied) {
    stored.state = 'denied';
    ctx.denials.push({
      claimId: invoice.claimId,
      invoiceId: invoice.invoiceId,
      serviceId: null,
      serviceDate: stored.claim.serviceDateFrom || invoice.candidates[0]?.date || '',
      hcpcs: '',
      amount: cents(stored.claim.charge),
      adjustments: stored.claim.adjustments,
      remarks: stored.claim.remarks,
    });
  } else if (paid !== 0) {
    stored.state = 'not posted';
    stored.problem = 'The payer answered the claim without its lines: post it by hand in Remittance';
  } else stored.state = 'posted';
}

/** The state a claim shows from its lines. */
export function claimState(stored: StoredClaim): StoredClaim['state'] {
  if (stored.lines.length === 0) return stored.state;
  const states = stored.lines.map((l) => l.state);
  if (states.every((s) => s === 'reversed')) return 'reversed';
  if (states.some((s) => s === 'unmatched')) return 'unmatched';
  if (states.some((s) => s === 'not posted')) return 'not posted';
  if (states.every((s) => s === 'denied')) return 'denied';
  return 'posted';
}

/**
 * A claim reversal (CLP02 22): takes back exactly what the claim's latest posting from an 835
 * put on its services, as a negative payment on this ERA's check, and marks that posting
 * reversed. Returns the cents taken back (negative), or null when there is nothing to reverse.
 */
export async function reverseClaim(
  ctx: PostingContext,
  stored: StoredClaim,
  invoice: MatchedInvoice,
): Promise<number | null> {
  if (invoice.claimId === null) return null;
  // The claim's posting may be queued from earlier in this same file.
  await flushPayments(ctx);
  const original = await ctx.trx
    .selectFrom('remittance_payments as rp')
    .innerJoin('eras as e', 'e.id', 'rp.era_id')
    .select(['rp.id', 'rp.amount_applied', 'rp.amount_adjusted'])
    .where('rp.claim_id', '=', invoice.claimId)
    .where('rp.reversed_by', 'is', null)
    .where('e.status', '=', 'posted')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('remittance_payments as o').select('o.id').whereRef('o.reversed_by', '=', 'rp.id'))),
    )
    .orderBy('rp.id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!original) return null;
  const lines = await ctx.trx
    .selectFrom('remittance_payment_lines')
    .selectAll()
    .where('payment_id', '=', original.id)
    .where('denied', '=', false)
    .orderBy('service_id')
    .execute();
  const plans = lines.map((l) => ({
    line: l,
    plan: {
      applied: centsOfNumeric(l.applied),
      adjusted: centsOfNumeric(l.adjusted),
      patientResponsibility: centsOfNumeric(l.patient_responsibility),
      denied: false,
    },
  }));
  const applied = -plans.reduce((s, p) => s + p.plan.applied, 0);
  const payment = await ctx.trx
    .insertInto('remittance_payments')
    .values({
      check_id: ctx.checkId,
      ocurrence_id: invoice.ocurrenceId,
      invoice_id: invoice.invoiceId,
      amount_applied: money(applied),
      amount_adjusted: money(-plans.reduce((s, p) => s + p.plan.adjusted, 0)),
      write_off: '0',
      user_id: ctx.userId,
      era_id: ctx.eraId,
      claim_id: invoice.claimId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (plans.length > 0) {
    await ctx.trx
      .insertInto('remittance_payment_lines')
      .values(
        plans.map((p) => ({
          payment_id: payment.id,
          service_id: p.line.service_id,
          outstanding_before: money(ctx.services.get(p.line.service_id)?.outstanding ?? 0),
          applied: money(-p.plan.applied),
          adjusted: money(-p.plan.adjusted),
          written_off: '0',
          patient_responsibility: money(-p.plan.patientResponsibility),
          adjustments: JSON.stringify(
            stored.lines.find((l) => l.serviceId === p.line.service_id)?.line.adjustments ?? stored.claim.adjustments,
          ),
          remarks: JSON.stringify(stored.claim.remarks),
        })),
      )
      .execute();
  }
  await moveServices(
    ctx.trx,
    plans.map((p) => [p.line.service_id, p.plan] as [number, LinePlan]),
    -1,
  );
  for (const p of plans) {
    const service = ctx.services.get(p.line.service_id);
    if (!service) continue;
    const next = afterPlan(
      {
        applied: -p.plan.applied,
        adjusted: -p.plan.adjusted,
        patientResponsibility: -p.plan.patientResponsibility,
        denied: false,
      },
      service,
    );
    service.outstanding = next.outstanding;
    service.patientResponsibility = next.patientResponsibility;
  }
  await ctx.trx
    .updateTable('remittance_payments')
    .set({ reversed_by: payment.id })
    .where('id', '=', original.id)
    .execute();
  const reversed = new Set(plans.map((p) => p.line.service_id));
  for (const l of stored.lines) {
    const ref = /^\d{1,10}$/.test(l.line.lineControlNumber) ? Number(l.line.lineControlNumber) : null;
    l.serviceId = ref !== null && reversed.has(ref) ? ref : l.serviceId;
    l.state = 'reversed';
  }
  stored.posted += applied;
  return applied;
}
