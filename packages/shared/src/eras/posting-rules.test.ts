import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterPlan,
  applyClaimAdjustments,
  isDeniedLine,
  patientShare,
  planLine,
  planProblem,
  type CasCents,
} from './posting-rules.ts';

const cas = (group: string, reason: string, cents: number): CasCents => ({ group, reason, cents });

describe('planLine', () => {
  it('pays, adjusts CO and OA off, and moves PR to the patient', () => {
    expect(
      planLine(7000, [cas('CO', '45', 2000), cas('PR', '1', 2000), cas('PR', '2', 1000), cas('OA', '23', 500)]),
    ).toEqual({
      applied: 7000,
      adjusted: 2500,
      patientResponsibility: 3000,
      denied: false,
    });
  });

  it('a line paid nothing for another reason than CO-45 or PR is a denial and moves nothing', () => {
    expect(planLine(0, [cas('CO', '50', 10000)])).toEqual({
      applied: 0,
      adjusted: 0,
      patientResponsibility: 0,
      denied: true,
    });
    expect(isDeniedLine(0, [cas('CO', '45', 2000), cas('PR', '1', 8000)])).toBe(false);
    expect(isDeniedLine(100, [cas('CO', '50', 100)])).toBe(false);
  });

  it('charge = paid + adjustments: a plan not denied takes exactly the charge (property)', () => {
    const group = fc.constantFrom('CO', 'PR', 'OA', 'PI');
    const adjustment = fc.record({
      group,
      reason: fc.constantFrom('45', '1', '2', '3', '23', '50', '16'),
      cents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(adjustment, { maxLength: 6 }),
        (paid, adjustments) => {
          const charge = paid + adjustments.reduce((s, a) => s + a.cents, 0);
          const plan = planLine(paid, adjustments);
          if (plan.denied) expect(plan.applied + plan.adjusted + plan.patientResponsibility).toBe(0);
          else expect(plan.applied + plan.adjusted + plan.patientResponsibility).toBe(charge);
        },
      ),
    );
  });
});

describe('applyClaimAdjustments', () => {
  it('takes a claim-level adjustment from the lines paid, in order', () => {
    const lines = [planLine(50000, [cas('PR', '1', 30000)])];
    expect(applyClaimAdjustments(lines, [cas('CO', 'A2', 5000)])).toEqual([
      { applied: 45000, adjusted: 5000, patientResponsibility: 30000, denied: false },
    ]);
  });

  it('refuses what the lines cannot absorb', () => {
    expect(applyClaimAdjustments([planLine(1000, [])], [cas('CO', 'A2', 2000)])).toBeNull();
    expect(applyClaimAdjustments([planLine(1000, [])], [cas('PR', '1', -100)])).toBeNull();
  });

  it('keeps every line whole: applied moves to the buckets, the sum per line stays (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            group: fc.constantFrom('CO', 'PR', 'OA'),
            reason: fc.constant('A2'),
            cents: fc.integer({ min: 0, max: 50_000 }),
          }),
          { maxLength: 3 },
        ),
        (paids, claimLevel) => {
          const lines = paids.map((p) => planLine(p, []));
          const out = applyClaimAdjustments(lines, claimLevel);
          const taken = claimLevel.reduce((s, a) => s + a.cents, 0);
          const paid = paids.reduce((s, p) => s + p, 0);
          if (taken > paid) expect(out).toBeNull();
          else {
            expect(out).not.toBeNull();
            expect(out!.reduce((s, l) => s + l.applied, 0)).toBe(paid - taken);
            out!.forEach((l, i) => expect(l.applied + l.adjusted + l.patientResponsibility).toBe(paids[i]));
          }
        },
      ),
    );
  });
});

describe('planProblem and afterPlan', () => {
  it('never lets remitted + adjusted + patient responsibility pass what is owed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (outstanding, patient, applied, adjusted, pr) => {
          const service = { outstanding, patientResponsibility: Math.min(patient, outstanding) };
          const plan = { applied, adjusted, patientResponsibility: pr, denied: false };
          const problem = planProblem(plan, service);
          const after = afterPlan(plan, service);
          if (problem === null) {
            expect(after.outstanding).toBeGreaterThanOrEqual(0);
            expect(after.patientResponsibility).toBeLessThanOrEqual(after.outstanding);
          } else expect(after.outstanding < 0 || after.patientResponsibility > after.outstanding).toBe(true);
        },
      ),
    );
  });

  it("the patient's share is never more than the outstanding", () => {
    expect(patientShare({ outstanding: 2000, patientResponsibility: 3000 })).toBe(2000);
    expect(patientShare({ outstanding: 2000, patientResponsibility: 500 })).toBe(500);
  });
});
