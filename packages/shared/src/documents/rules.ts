import dayjs from 'dayjs';
import { formatDisplayDate } from '../common/dates.ts';
import { EXPIRING_DAYS, FACE_TO_FACE_MONTHS, LIFETIME_MONTHS, type DocumentType } from './schemas.ts';

/**
 * When documents are good, and why an occurrence is held (issue 34). The SQL form of `isHeld`
 * (apps/server/src/lib/holds-sql.ts) filters the queues and batch prints; a server test holds the
 * two to the same answers.
 */

/** What the rules read of a document. */
export interface RuleDocument {
  id: number;
  type: DocumentType;
  date: string;
  /** The codes it covers (an order's items, an authorization's list). */
  hcpcs: string[];
  length_of_need_months: number | null;
  vendor_id: number | null;
  vendor_name: string;
  number: string;
  units: number | null;
  start_date: string | null;
  end_date: string | null;
}

/** The last day a document is good for, or null when it does not run out (as the generated column). */
export function validThrough(d: Pick<RuleDocument, 'type' | 'date' | 'length_of_need_months' | 'end_date'>) {
  if (d.type === 'standard_written_order') {
    const months = d.length_of_need_months;
    if (months === null || months >= LIFETIME_MONTHS) return null;
    return dayjs(d.date).add(months, 'month').subtract(1, 'day').format('YYYY-MM-DD');
  }
  if (d.type === 'prior_authorization') return d.end_date;
  return null;
}

/** The first day a document is good for. */
export function validFrom(d: Pick<RuleDocument, 'type' | 'date' | 'start_date'>): string {
  return d.type === 'prior_authorization' ? (d.start_date ?? d.date) : d.date;
}

export const DOCUMENT_STATES = ['valid', 'expiring', 'expired', 'used_up', 'not_yet_valid'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  valid: 'Valid',
  expiring: 'Expiring',
  expired: 'Expired',
  used_up: 'Used up',
  not_yet_valid: 'Not yet valid',
};

/** Where a document stands today: used up, expired, not yet valid, expiring within 30 days, or valid. */
export function documentState(d: RuleDocument, today: string, unitsUsed: number): DocumentState {
  const through = validThrough(d);
  if (d.type === 'prior_authorization' && d.units !== null && unitsUsed >= d.units) return 'used_up';
  if (through !== null && through < today) return 'expired';
  if (validFrom(d) > today) return 'not_yet_valid';
  if (through !== null && through <= dayjs(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD')) return 'expiring';
  return 'valid';
}

/** An item of an occurrence, by HCPCS code: the quantity of its services and whether one needs a face-to-face. */
export interface HoldItem {
  hcpcs: string;
  quantity: number;
  face_to_face: boolean;
}

/** The payer an occurrence is billed to (the patient's primary coverage). */
export interface HoldPayer {
  id: number;
  name: string;
  /** Medicare (claim filing indicator MB): every item needs a standard written order. */
  medicare: boolean;
  prior_auth_hcpcs: string[];
}

/** A document as the holds of one occurrence see it: with the units other occurrences billed under it. */
export interface HoldDocument extends RuleDocument {
  units_used: number;
}

export interface HoldInput {
  date: string;
  items: HoldItem[];
  payer: HoldPayer | null;
  documents: HoldDocument[];
}

const show = (date: string) => formatDisplayDate(date);

/** An order covering `code` that is good on `date`. */
function orderCovers(d: RuleDocument, code: string, date: string): boolean {
  const through = validThrough(d);
  return (
    d.type === 'standard_written_order' &&
    d.hcpcs.includes(code) &&
    d.date <= date &&
    (through === null || date <= through)
  );
}

/** The units of this occurrence an authorization would bill: its items whose codes it lists. */
function unitsWanted(d: RuleDocument, items: HoldItem[]): number {
  return items.filter((i) => d.hcpcs.includes(i.hcpcs)).reduce((n, i) => n + i.quantity, 0);
}

/** An authorization from `payer` covering `code` on `date` with units left for this occurrence. */
function authorizationCovers(d: HoldDocument, code: string, payerId: number, input: HoldInput): boolean {
  return (
    d.type === 'prior_authorization' &&
    d.vendor_id === payerId &&
    d.hcpcs.includes(code) &&
    d.start_date !== null &&
    d.end_date !== null &&
    d.start_date <= input.date &&
    input.date <= d.end_date &&
    d.units !== null &&
    d.units_used + unitsWanted(d, input.items) <= d.units
  );
}

function latest<T extends { date: string; id: number }>(list: T[]): T | undefined {
  return [...list].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))[0];
}

function orderReason(code: string, input: HoldInput): string | null {
  if (input.documents.some((d) => orderCovers(d, code, input.date))) return null;
  const orders = input.documents.filter((d) => d.type === 'standard_written_order' && d.hcpcs.includes(code));
  const started = latest(orders.filter((d) => d.date <= input.date));
  if (started) {
    return `Standard written order of ${show(started.date)} for ${code} ended ${show(validThrough(started)!)}`;
  }
  const later = latest(orders);
  if (later) {
    return `Standard written order for ${code} is dated ${show(later.date)}, after the date of service ${show(input.date)}`;
  }
  return `No standard written order for ${code}`;
}

function authorizationReason(code: string, payer: HoldPayer, input: HoldInput): string | null {
  if (input.documents.some((d) => authorizationCovers(d, code, payer.id, input))) return null;
  const all = input.documents.filter((d) => d.type === 'prior_authorization' && d.hcpcs.includes(code));
  const own = all.filter((d) => d.vendor_id === payer.id);
  const name = (d: HoldDocument) => `Prior authorization ${d.number} for ${code}`;
  const current = own.find((d) => d.start_date! <= input.date && input.date <= d.end_date!);
  if (current && current.units_used >= current.units!) {
    return `${name(current)} is used up: ${current.units_used} of ${current.units} units billed`;
  }
  if (current) {
    const left = current.units! - current.units_used;
    return `${name(current)} has ${left} of ${current.units} units left; this delivery needs ${unitsWanted(current, input.items)}`;
  }
  const ended = latest(own.filter((d) => d.end_date! < input.date).map((d) => ({ ...d, date: d.end_date! })));
  if (ended) return `${name(ended)} ended ${show(ended.end_date!)}`;
  // The next one to start.
  const starts = [...own].sort((a, b) =>
    a.start_date! < b.start_date! ? -1 : a.start_date! > b.start_date! ? 1 : a.id - b.id,
  )[0];
  if (starts) return `${name(starts)} starts ${show(starts.start_date!)}`;
  const other = latest(all);
  if (other) return `${name(other)} is from ${other.vendor_name || 'another payer'}, not ${payer.name}`;
  return `No prior authorization for ${code} from ${payer.name}`;
}

/**
 * The date of the order a face-to-face encounter must precede: the latest standard written order
 * good for the code on the date of service, else the date of service itself.
 */
export function faceToFaceOrderDate(code: string, input: Pick<HoldInput, 'date' | 'documents'>): string {
  return latest(input.documents.filter((d) => orderCovers(d, code, input.date)))?.date ?? input.date;
}

function faceToFaceReason(code: string, input: HoldInput): string | null {
  const orderDate = faceToFaceOrderDate(code, input);
  const earliest = dayjs(orderDate).subtract(FACE_TO_FACE_MONTHS, 'month').format('YYYY-MM-DD');
  const found = input.documents.some((d) => d.type === 'face_to_face' && d.date >= earliest && d.date <= orderDate);
  return found
    ? null
    : `No face-to-face encounter for ${code} within the 6 months before the order of ${show(orderDate)}`;
}

/**
 * Every reason an occurrence is held, in plain words, item by item: a Medicare payer's standard
 * written order, the payer's prior authorization for the codes it lists, a face-to-face encounter
 * for the items that need one. Empty when nothing holds it.
 */
export function holdsOf(input: HoldInput): string[] {
  const reasons: string[] = [];
  for (const item of input.items) {
    const { payer } = input;
    const found = [
      payer?.medicare ? orderReason(item.hcpcs, input) : null,
      payer?.prior_auth_hcpcs.includes(item.hcpcs) ? authorizationReason(item.hcpcs, payer, input) : null,
      item.face_to_face ? faceToFaceReason(item.hcpcs, input) : null,
    ];
    for (const reason of found) if (reason !== null && !reasons.includes(reason)) reasons.push(reason);
  }
  return reasons;
}

/** The services of an occurrence as hold items: one per HCPCS code (services without a code bill nothing). */
export function holdItems(services: { hcpcs: string; quantity: number; face_to_face: boolean }[]): HoldItem[] {
  const byCode = new Map<string, HoldItem>();
  for (const s of services) {
    if (s.hcpcs === '') continue;
    const item = byCode.get(s.hcpcs) ?? { hcpcs: s.hcpcs, quantity: 0, face_to_face: false };
    item.quantity += s.quantity;
    item.face_to_face ||= s.face_to_face;
    byCode.set(s.hcpcs, item);
  }
  return [...byCode.values()];
}
