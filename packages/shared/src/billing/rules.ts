import { microToString, toMicro, type Micro } from '../common/decimal.ts';
import { lineTotal } from '../orders/rules.ts';

/**
 * The money rules of invoices and write-offs (spec part 3, section 4.7, and the identity below,
 * written once for the server, the web and the invoice PDF. Amounts go in as JSON numbers or
 * decimal text and come out as text with 2 decimals; the arithmetic is exact (micro-units).
 *
 * Stored per service: `outstanding` (what is still owed; null until the occurrence ships and is
 * invoiced), `remitted` (paid by checks), `amount_ajusted` (insurance adjustments) and
 * `write_off`. Every posting keeps
 *   outstanding + remitted + amount_ajusted + write_off = invoice amount.
 */

type Amount = string | number;

/** What the invoice amount of a service depends on. */
export interface PricedService {
  sale_price: Amount;
  adjusted_sale_price: Amount | null;
  /** Chooses the adjusted price over the sale price. */
  added_percentage: boolean;
  /** The quantity (the spec's wire name). */
  amount_remmited: Amount;
  tax_amount: Amount;
}

/** A service with its money columns, as an invoice holds it. */
export interface InvoicedService extends PricedService {
  /** Null until the occurrence is invoiced. */
  outstanding: Amount | null;
  remitted: Amount;
  amount_ajusted: Amount;
  write_off: Amount;
}

const ZERO = 0n;
const money = (m: Micro) => microToString(m, 2);
const micro = (v: Amount) => toMicro(v);
const max0 = (m: Micro) => (m < ZERO ? ZERO : m);

/** Invoice amount of a service: unit price (adjusted when added_percentage) x quantity, plus tax. */
export function invoiceAmount(service: PricedService): string {
  const total = lineTotal({
    sale_price: service.sale_price,
    adjusted_sale_price: service.adjusted_sale_price,
    added_percentage: service.added_percentage,
    quantity: service.amount_remmited,
  });
  return money(micro(total) + micro(service.tax_amount));
}

/** The outstanding stored on the server; before the service is invoiced, all of it is owed. */
export function storedOutstanding(service: InvoicedService): string {
  return service.outstanding === null ? invoiceAmount(service) : money(micro(service.outstanding));
}

/** Spec 4.7: the outstanding counts as 0 once an adjusted amount or a write-off is greater than 0. */
export function effectiveOutstanding(service: InvoicedService): string {
  if (micro(service.amount_ajusted) > ZERO || micro(service.write_off) > ZERO) return '0.00';
  return money(max0(micro(storedOutstanding(service))));
}

/** True when payments cover the whole invoice amount of the service. */
export function isFullyRemitted(service: InvoicedService): boolean {
  return micro(service.remitted) >= micro(invoiceAmount(service));
}

/**
 * The "saved outstanding" of spec 4.5 and 4.7, read as the remittance contract reads it (its
 * `outstanding_saved`): what has been settled on the service so far (remitted, adjusted or
 * written off), i.e. the invoice amount minus the stored outstanding.
 */
export function settledOnService(service: InvoicedService): string {
  return money(max0(micro(invoiceAmount(service)) - micro(storedOutstanding(service))));
}

/**
 * The Write Off checkbox's enabled rule (spec 4.7). Disabled when the invoice amount equals the
 * saved outstanding (everything is settled), when the entire amount is remitted, and when the
 * outstanding counts as 0 (already adjusted or written off: nothing is left to write off).
 */
export function canWriteOff(service: InvoicedService): boolean {
  if (micro(invoiceAmount(service)) === micro(settledOnService(service))) return false;
  if (isFullyRemitted(service)) return false;
  return micro(effectiveOutstanding(service)) > ZERO;
}

/** What is still owed on one service: invoice amount - remitted - adjusted - written off, never negative. */
export function serviceBalance(service: InvoicedService): string {
  const owed =
    micro(invoiceAmount(service)) - micro(service.remitted) - micro(service.amount_ajusted) - micro(service.write_off);
  return money(max0(owed));
}

/** Balance of an invoice: the sum of its services' balances (each never negative). */
export function invoiceBalance(services: readonly InvoicedService[]): string {
  return money(services.reduce((acc, s) => acc + micro(serviceBalance(s)), ZERO));
}

export interface InvoiceTotals {
  /** Sum of line totals before tax. */
  subtotal: string;
  tax: string;
  /** Sum of invoice amounts (subtotal + tax). */
  total: string;
  remitted: string;
  adjusted: string;
  writtenOff: string;
  balance: string;
}

/** The totals block of an invoice (the PDF's and the screen's). */
export function invoiceTotals(services: readonly InvoicedService[]): InvoiceTotals {
  let total = ZERO;
  let tax = ZERO;
  let remitted = ZERO;
  let adjusted = ZERO;
  let writtenOff = ZERO;
  for (const s of services) {
    total += micro(invoiceAmount(s));
    tax += micro(s.tax_amount);
    remitted += micro(s.remitted);
    adjusted += micro(s.amount_ajusted);
    writtenOff += micro(s.write_off);
  }
  return {
    subtotal: money(total - tax),
    tax: money(tax),
    total: money(total),
    remitted: money(remitted),
    adjusted: money(adjusted),
    writtenOff: money(writtenOff),
    balance: invoiceBalance(services),
  };
}

/** One service of the write-off request, as the wire carries it (spec part 3, section 7). */
export interface WriteOffEntry {
  id: number;
  outstanding: string;
  amount_ajusted: string;
  write_off: string;
}

/** The Write Off checkbox starts checked when the service carries a write-off. */
export function isWrittenOff(service: InvoicedService): boolean {
  return micro(service.write_off) > ZERO;
}

/**
 * The values a service takes when its checkbox is set to `checked` (spec 4.7): checking writes
 * off the whole outstanding; unchecking leaves the write-off at what is saved (0 for a service
 * the dialog can write off). A saved write-off is final: it is taken back only by reverting the
 * remittance that made it.
 */
export function writeOffEntry(service: InvoicedService & { id: number }, checked: boolean): WriteOffEntry {
  const outstanding = micro(storedOutstanding(service));
  const written = micro(service.write_off);
  const adjusted = money(micro(service.amount_ajusted));
  if (checked && written === ZERO) {
    const amount = micro(effectiveOutstanding(service));
    return {
      id: service.id,
      outstanding: money(outstanding - amount),
      amount_ajusted: adjusted,
      write_off: money(amount),
    };
  }
  return { id: service.id, outstanding: money(outstanding), amount_ajusted: adjusted, write_off: money(written) };
}

/** True when the entry changes the service's stored values. */
export function entryChanges(service: InvoicedService, entry: WriteOffEntry): boolean {
  return (
    micro(entry.write_off) !== micro(service.write_off) ||
    micro(entry.outstanding) !== micro(storedOutstanding(service))
  );
}

export interface WriteOffTotals {
  /** Sum of the services' invoice amounts (the Original Amount column). */
  original: string;
  /** Sum of the outstanding as the dialog now stands (each counted as 4.7 says). */
  outstanding: string;
  /** Sum of the write-offs as the dialog now stands. */
  writeOff: string;
  /** The invoice balance the dialog would leave. */
  balance: string;
}

/** Totals row of the Write Off dialog for the boxes as they are checked now. */
export function writeOffTotals(
  services: readonly (InvoicedService & { id: number })[],
  checked: (id: number) => boolean,
): WriteOffTotals {
  let original = ZERO;
  let outstanding = ZERO;
  let writeOff = ZERO;
  const after: InvoicedService[] = [];
  for (const s of services) {
    const entry = writeOffEntry(s, checked(s.id));
    const next = { ...s, outstanding: entry.outstanding, write_off: entry.write_off };
    original += micro(invoiceAmount(s));
    outstanding += micro(effectiveOutstanding(next));
    writeOff += micro(entry.write_off);
    after.push(next);
  }
  return {
    original: money(original),
    outstanding: money(outstanding),
    writeOff: money(writeOff),
    balance: invoiceBalance(after),
  };
}

export const WRITE_OFF_PROBLEMS = {
  adjusted: 'A write-off cannot change the adjusted amount.',
  fullyRemitted: 'A fully remitted service cannot be written off.',
  exceeds: 'The write-off cannot exceed the outstanding amount.',
  final: 'A saved write-off cannot be taken back.',
  stale: 'The outstanding does not match the stored amounts; reload the invoice.',
} as const;

type EntryField = 'outstanding' | 'amount_ajusted' | 'write_off';

/**
 * Judges one requested write-off against the service's stored amounts (the server's check).
 * The request states the write-off the service should end with: the stored one (nothing to do,
 * so repeating a write-off is harmless) or more, up to the whole outstanding. The outstanding it
 * sends is either what is left after the write-off or, as spec 4.7 has the dialog keep it, the
 * stored outstanding unchanged (it then only "counts as 0"); the server stores what is left
 * (`writtenOffOutstanding`). Answers field -> message; empty when acceptable.
 */
export function writeOffProblems(
  stored: InvoicedService,
  requested: Omit<WriteOffEntry, 'id'>,
): Partial<Record<EntryField, string>> {
  if (micro(requested.amount_ajusted) !== micro(stored.amount_ajusted)) {
    return { amount_ajusted: WRITE_OFF_PROBLEMS.adjusted };
  }
  const outstanding = micro(storedOutstanding(stored));
  const change = micro(requested.write_off) - micro(stored.write_off);
  if (change < ZERO) return { write_off: WRITE_OFF_PROBLEMS.final };
  if (change > ZERO) {
    if (isFullyRemitted(stored)) return { write_off: WRITE_OFF_PROBLEMS.fullyRemitted };
    if (change > outstanding) return { write_off: WRITE_OFF_PROBLEMS.exceeds };
  }
  const sent = micro(requested.outstanding);
  if (sent !== outstanding - change && !(change > ZERO && sent === outstanding)) {
    return { outstanding: WRITE_OFF_PROBLEMS.stale };
  }
  return {};
}

/** The outstanding a service keeps after an accepted write-off: the stored one minus what is written off. */
export function writtenOffOutstanding(stored: InvoicedService, requested: Omit<WriteOffEntry, 'id'>): string {
  return money(micro(storedOutstanding(stored)) - (micro(requested.write_off) - micro(stored.write_off)));
}
