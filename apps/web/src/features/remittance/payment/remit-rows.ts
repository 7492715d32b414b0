import {
  applyEntry,
  creditProblem,
  sumAmounts,
  toMicro,
  type RemitEntry,
  type RemitMode,
  type RemitResult,
  type RemittanceService,
} from '@dme/shared';

/**
 * What the person chose for each service in the Remittance Payment dialog, and what it comes to,
 * computed with the same shared rules the server re-checks the posting with.
 */
export interface RowChoice {
  mode: RemitMode;
  percentage: string;
  credit: string;
}

export const NO_CHOICE: RowChoice = { mode: 'none', percentage: '', credit: '' };

export function moneyOf(service: RemittanceService) {
  return {
    invoice_amount: service.invoice_amount,
    outstanding: service.outstanding,
    amount_ajusted: service.amount_ajusted,
    write_off: service.write_off,
  };
}

function entryOf(choice: RowChoice): RemitEntry {
  return { mode: choice.mode, percentage: choice.percentage, credit: choice.credit };
}

export interface RowOutcome {
  result: RemitResult;
  /** The credit's problem (over the cap, not a positive amount), shown under the field. */
  problem: string | null;
  /** True when the choice moves money (applied, adjusted or written off). */
  hasAmount: boolean;
}

export function rowOutcome(service: RemittanceService, choice: RowChoice): RowOutcome {
  const money = moneyOf(service);
  const problem = choice.mode === 'credit' ? creditProblem(choice.credit, money) : null;
  const result = applyEntry(money, entryOf(choice));
  const hasAmount = toMicro(result.outstanding) !== toMicro(service.outstanding);
  return { result, problem, hasAmount };
}

/**
 * Choosing one mode clears the others (spec 4.5: they are mutually exclusive per service); a
 * percentage or credit typed selects its mode, and clearing it returns to no choice.
 */
export function choose(choice: RowChoice, mode: RemitMode, value?: string): RowChoice {
  if (mode === 'percentage') {
    return value === undefined || value === '' ? NO_CHOICE : { mode, percentage: value, credit: '' };
  }
  if (mode === 'credit') {
    return value === undefined || value === '' ? NO_CHOICE : { mode, percentage: '', credit: value };
  }
  return choice.mode === mode ? NO_CHOICE : { mode, percentage: '', credit: '' };
}

/** Totals of the dialog: cash applied from the check, and the balance left on the occurrence. */
export function totals(services: RemittanceService[], choices: Record<number, RowChoice>) {
  const outcomes = services.map((s) => rowOutcome(s, choices[s.id] ?? NO_CHOICE));
  return {
    applied: sumAmounts(outcomes.map((o) => o.result.applied)),
    balance: sumAmounts(outcomes.map((o) => o.result.outstanding)),
    anyAmount: outcomes.some((o) => o.hasAmount),
    anyProblem: outcomes.some((o) => o.problem !== null),
  };
}

/** The services part of the posting: only the services that receive something. */
export function postedServices(services: RemittanceService[], choices: Record<number, RowChoice>) {
  return services.flatMap((s) => {
    const outcome = rowOutcome(s, choices[s.id] ?? NO_CHOICE);
    if (!outcome.hasAmount) return [];
    const { outstanding, amount_ajusted, write_off } = outcome.result;
    return [{ id: s.id, outstanding, amount_ajusted, write_off }];
  });
}
