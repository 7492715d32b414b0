import dayjs from 'dayjs';
import { microToString, mulMicro, toMicro } from '../common/decimal.ts';
import { PERCENTAGE_MAX } from '../common/money.ts';
import { parsePrice, type PriceParse } from '../products/rules.ts';

export const RECURRENCE = { MONTHLY: 1, EVERY_2_MONTHS: 2, EVERY_15_DAYS: 3, QUARTERLY: 4, ONE_TIME: 5 } as const;

/** Step of each recurrence: months or days added per occurrence (null = one time). */
const STEPS: Record<number, { unit: 'month' | 'day'; amount: number } | null> = {
  1: { unit: 'month', amount: 1 },
  2: { unit: 'month', amount: 2 },
  3: { unit: 'day', amount: 15 },
  4: { unit: 'month', amount: 3 },
  5: null,
};

/** Minimum days between service date and end date: 15 for "Every 15 Days", 30 otherwise. */
export function minimumSpanDays(recurrenceId: number): number {
  return recurrenceId === RECURRENCE.EVERY_15_DAYS ? 15 : 30;
}

export const DATE_RULE_MESSAGES = {
  serviceAfterEnd: 'The service date cannot be equal to or after the end date',
  tooClose: (days: number) => `The end date must be at least ${days} days after the service date`,
} as const;

/** The product-line date rule; null when the dates are acceptable, else the message to show. */
export function productLineDateProblem(serviceDate: string, endDate: string, recurrenceId: number): string | null {
  const s = dayjs(serviceDate);
  const e = dayjs(endDate);
  if (!s.isValid() || !e.isValid()) return 'Invalid date';
  if (!s.isBefore(e, 'day')) return DATE_RULE_MESSAGES.serviceAfterEnd;
  const days = minimumSpanDays(recurrenceId);
  if (e.diff(s, 'day') < days) return DATE_RULE_MESSAGES.tooClose(days);
  return null;
}

/**
 * Service dates of a product line: S, S+R, S+2R, ... up to and including E (One Time: S only).
 * Each date is computed from S (S + k*R), so month ends do not drift (Jan 31 -> Feb 28 -> Mar 31).
 */
export function occurrenceDates(serviceDate: string, endDate: string, recurrenceId: number, limit = 1000): string[] {
  const start = dayjs(serviceDate);
  const end = dayjs(endDate);
  const step = STEPS[recurrenceId];
  if (!start.isValid()) return [];
  if (!step) return [start.format('YYYY-MM-DD')];
  const dates: string[] = [];
  for (let k = 0; k < limit; k++) {
    const d = start.add(k * step.amount, step.unit);
    if (d.isAfter(end, 'day')) break;
    dates.push(d.format('YYYY-MM-DD'));
  }
  return dates;
}

/** Decimals a percentage keeps end to end (numeric(8,3) columns): 12.345 % stays 12.345. */
export const PERCENTAGE_DECIMALS = 3;

/**
 * Reads a percentage typed by a person or sent by a client ("12.345", 7.5), exactly, to 3
 * decimals; above PERCENTAGE_MAX is too large.
 */
export function parsePercentage(input: unknown): PriceParse {
  return parsePrice(input, PERCENTAGE_DECIMALS, PERCENTAGE_MAX);
}

/** Adjusted price: sale price + sale price x percentage / 100, rounded to 3 decimals. */
export function adjustedPrice(salePrice: string | number, percentage: string | number): string {
  // One exact rounding: thousandths = sale x (100 + p) / 100, with sale and p in micro-units.
  const sale = toMicro(salePrice);
  const pct = toMicro(percentage);
  const numerator = sale * (100n * 1_000_000n + pct);
  const denominator = 100n * 1_000_000_000n;
  const abs = numerator < 0n ? -numerator : numerator;
  const thousandths = (abs + denominator / 2n) / denominator;
  return microToString((numerator < 0n ? -thousandths : thousandths) * 1000n, 3);
}

export interface PricedLine {
  sale_price: string | number;
  adjusted_sale_price: string | number | null;
  added_percentage: boolean;
  quantity: string | number;
}

/** Unit price of a line: the adjusted price when a percentage was added. */
export function unitPrice(line: Pick<PricedLine, 'sale_price' | 'adjusted_sale_price' | 'added_percentage'>): string {
  const v = line.added_percentage && line.adjusted_sale_price !== null ? line.adjusted_sale_price : line.sale_price;
  return microToString(toMicro(v), 3);
}

/** Line total = unit price x quantity, rounded to 2 decimals. */
export function lineTotal(line: PricedLine): string {
  return microToString(mulMicro(toMicro(unitPrice(line)), toMicro(line.quantity)), 2);
}

/** Occurrence total: the sum of its line totals. */
export function occurrenceTotal(lines: PricedLine[]): string {
  return microToString(
    lines.reduce((acc, l) => acc + toMicro(lineTotal(l)), 0n),
    2,
  );
}

/** Tax of a line: line total x rate, rounded to 2 decimals; 0 when tax is not applied. */
export function lineTax(total: string | number, taxApplied: boolean, rate: string | number): string {
  if (!taxApplied) return '0.00';
  return microToString(mulMicro(toMicro(total), toMicro(rate)), 2);
}

/** What a service's amounts are computed from: its own prices, quantity and tax switch. */
export interface ServicePrices {
  sale_price: string;
  percentage: string;
  added_percentage: boolean;
  tax_applied: boolean;
  quantity: number;
}

/**
 * Adjusted price, line total and tax of a service, as the server stores them (the invoice later
 * owes total + tax). `taxRate` is the configured sales-tax rate.
 */
export function serviceAmounts(p: ServicePrices, taxRate: string | number) {
  const adjusted = adjustedPrice(p.sale_price, p.percentage);
  const total = lineTotal({
    sale_price: p.sale_price,
    adjusted_sale_price: adjusted,
    added_percentage: p.added_percentage,
    quantity: p.quantity,
  });
  return { adjusted_sale_price: adjusted, total, tax_amount: lineTax(total, p.tax_applied, taxRate) };
}

/** A wire date moved by whole days or months (month ends clamp: Jan 31 + 1 month = Feb 28). */
export function shiftDate(date: string, amount: number, unit: 'day' | 'month'): string {
  return dayjs(date).add(amount, unit).format('YYYY-MM-DD');
}
