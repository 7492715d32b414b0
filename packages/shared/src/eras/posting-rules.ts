import { isDenialAdjustment, isPatientResponsibility } from './adjustment-codes.ts';

/**
 * How an 835 line becomes money on a service, in integer cents.
 *
 * - What the payer paid (SVC03) is remitted.
 * - Group PR (deductible, coinsurance, copay...) is the patient's responsibility: it stays in the
 *   balance but moves from the payer to the patient.
 * - Every other group (CO, OA, PI, CR) is an insurance adjustment: it leaves the balance.
 * - A line paid nothing with any reason other than CO-45 or PR is a denial: nothing moves.
 */

export interface CasCents {
  group: string;
  reason: string;
  cents: number;
}

export interface LinePlan {
  applied: number;
  adjusted: number;
  patientResponsibility: number;
  denied: boolean;
}

/** The denial rule: paid nothing, and an adjustment other than the fee schedule (CO-45) or the patient's share. */
export function isDeniedLine(paid: number, adjustments: readonly CasCents[]): boolean {
  return paid === 0 && adjustments.some((a) => a.cents !== 0 && isDenialAdjustment(a.group, a.reason));
}

/** What one line takes: paid, the insurance adjustments, the patient's responsibility. */
export function planLine(paid: number, adjustments: readonly CasCents[]): LinePlan {
  if (isDeniedLine(paid, adjustments)) return { applied: 0, adjusted: 0, patientResponsibility: 0, denied: true };
  let adjusted = 0;
  let patientResponsibility = 0;
  for (const a of adjustments) {
    if (isPatientResponsibility(a.group)) patientResponsibility += a.cents;
    else adjusted += a.cents;
  }
  return { applied: paid, adjusted, patientResponsibility, denied: false };
}

/**
 * Claim-level adjustments (CAS in the CLP loop) change what the claim's lines were paid: the
 * claim's CLP04 is its lines' SVC03 less them. Each is taken from the paid amounts of the lines
 * not denied, in order, and put on the same line as an adjustment or patient responsibility; a
 * negative one (money added) goes back onto the first line. Null when they do not fit (more
 * taken than the lines were paid, or a bucket would go below zero).
 */
export function applyClaimAdjustments(
  lines: readonly LinePlan[],
  claimAdjustments: readonly CasCents[],
): LinePlan[] | null {
  const out = lines.map((l) => ({ ...l }));
  const open = out.filter((l) => !l.denied);
  for (const a of claimAdjustments) {
    if (a.cents === 0) continue;
    const pr = isPatientResponsibility(a.group);
    if (a.cents < 0) {
      const first = open[0];
      if (!first) return null;
      first.applied -= a.cents;
      if (pr) first.patientResponsibility += a.cents;
      else first.adjusted += a.cents;
      if (first.patientResponsibility < 0 || first.adjusted < 0) return null;
      continue;
    }
    let left = a.cents;
    for (const line of open) {
      if (left === 0) break;
      const take = Math.min(left, line.applied);
      if (take <= 0) continue;
      line.applied -= take;
      if (pr) line.patientResponsibility += take;
      else line.adjusted += take;
      left -= take;
    }
    if (left !== 0) return null;
  }
  return out;
}

/** A service's money as stored, in cents. */
export interface ServiceCents {
  outstanding: number;
  patientResponsibility: number;
}

/**
 * Why a plan cannot go on a service, or null when it fits: nothing negative, no more taken than
 * is outstanding, and the patient's part never more than what is left (so remitted + adjusted +
 * patient responsibility + write-off never pass the charge).
 */
export function planProblem(plan: LinePlan, service: ServiceCents): string | null {
  if (plan.denied) return null;
  if (plan.applied < 0 || plan.adjusted < 0 || plan.patientResponsibility < 0)
    return 'The line has a negative amount outside a reversal';
  const taken = plan.applied + plan.adjusted;
  if (taken > service.outstanding) return 'The line pays or adjusts more than the service still owes';
  const patient = Math.min(service.patientResponsibility, service.outstanding);
  if (patient + plan.patientResponsibility > service.outstanding - taken)
    return "The patient's responsibility is more than the service still owes";
  return null;
}

/** What stays on a service after a plan: outstanding and the patient's share of it. */
export function afterPlan(plan: LinePlan, service: ServiceCents): ServiceCents {
  return {
    outstanding: service.outstanding - plan.applied - plan.adjusted,
    patientResponsibility: service.patientResponsibility + plan.patientResponsibility,
  };
}

/** The patient's part of a service's outstanding (a payment posted by hand may have taken part of it). */
export function patientShare(service: ServiceCents): number {
  return Math.max(0, Math.min(service.patientResponsibility, service.outstanding));
}
