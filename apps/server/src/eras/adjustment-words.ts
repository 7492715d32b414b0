import { describeAdjustment, describeRarc } from '@dme/shared';
import type { Adjustment } from '../lib/x12/remittance-file.ts';
import { cents } from './posting.ts';

/** CAS adjustments and RARC remarks as the screens show them: codes, amounts and plain words. */
export const adjustmentsOut = (list: readonly Adjustment[]) =>
  list.map((a) => ({
    group: a.group,
    reason: a.reason,
    amount: cents(a.amount) / 100,
    description: describeAdjustment(a.group, a.reason),
  }));

export const remarksOut = (codes: readonly string[]) =>
  codes.map((code) => ({ code, description: describeRarc(code) }));
