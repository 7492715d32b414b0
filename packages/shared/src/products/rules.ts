/** Pure rules of the products area: prices, quantities, photos and inventory cells. */
import { detectFileType, SNIFF_BYTES } from '../common/file-types.ts';
import { isAtMost, PRICE_MAX, QUANTITY_MAX } from '../common/money.ts';

export const PRICE_VARIANT_OPTIONS = ['General', 'Cash', 'Waiver', 'Iowa', 'Arkansas', 'MoHealth', 'Medicare'] as const;
export type PriceVariantOption = (typeof PRICE_VARIANT_OPTIONS)[number];

export const UNIT_MEASURES = ['Bag', 'Box', 'Case', 'Each', 'Hours', 'Pack'] as const;
export type UnitMeasure = (typeof UNIT_MEASURES)[number];

/** Unit columns of the inventory screen and the inventory report, in the spec's order. */
export const INVENTORY_UNIT_COLUMNS: readonly UnitMeasure[] = ['Each', 'Bag', 'Case', 'Pack', 'Hours', 'Box'];

export const CATEGORY_LEVEL_LABELS = ['Product Group', 'Product Category', 'Product Subcategory'] as const;
export const CATEGORY_LEVELS = CATEGORY_LEVEL_LABELS.length;

/** Digits before the decimal point past which a typed amount is not even read (above every range). */
const READ_MAX_INTEGER_DIGITS = 15;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export type PriceParse =
  { ok: true; value: string } | { ok: false; reason: 'empty' | 'invalid' | 'negative' | 'too_large' };

const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const PLAIN_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * Removes en-US thousands separators ("1,234,567.5" -> "1234567.5"). Commas that do not group
 * the integer digits by three ("12,34") are ambiguous, so the text is refused (null).
 */
export function stripThousandsSeparators(text: string): string | null {
  if (!text.includes(',')) return text;
  return GROUPED_DIGITS.test(text) ? text.replace(/,/g, '') : null;
}

/** Rounds a plain non-negative decimal text half up to `places` decimals, exactly (no floats). */
export function roundDecimalText(plain: string, places: number): string {
  const [rawInt, rawFrac = ''] = plain.split('.');
  const intDigits = rawInt === '' ? '0' : rawInt;
  const frac = rawFrac.padEnd(places + 1, '0');
  let scaled = BigInt(intDigits + frac.slice(0, places));
  if (Number(frac[places]) >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '');
  return places > 0 ? `${int}.${digits.slice(digits.length - places)}` : int;
}

/**
 * Reads a price typed by a person or sent by a client: a number, or text such as "1,234.5",
 * "$ 99" or "0.125". Thousands separators are removed and the value is rounded to cents (or to
 * `places` decimals, e.g. 3 for a percentage). The result is exact decimal text with exactly that
 * many decimals ("1234.50"); a value above `max` (a unit price's range unless told) is too large.
 */
export function parsePrice(input: unknown, places = 2, max: string | number = PRICE_MAX): PriceParse {
  if (input === null || input === undefined) return { ok: false, reason: 'empty' };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    if (Math.abs(input) >= 10 ** READ_MAX_INTEGER_DIGITS) {
      return { ok: false, reason: input < 0 ? 'negative' : 'too_large' };
    }
    text = String(input);
    // The shortest round-trip text keeps what was typed (1.005 stays "1.005"); tiny values
    // print with an exponent, which fixed notation avoids.
    if (text.includes('e')) text = input.toFixed(20);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, reason: 'invalid' };
  }
  let s = text.trim();
  if (s === '') return { ok: false, reason: 'empty' };
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  if (s.startsWith('$')) s = s.slice(1).trim();
  const plain = stripThousandsSeparators(s);
  if (plain === null || !PLAIN_DECIMAL.test(plain)) return { ok: false, reason: 'invalid' };
  if (plain.split('.')[0].replace(/^0+/, '').length > READ_MAX_INTEGER_DIGITS) {
    return { ok: false, reason: negative ? 'negative' : 'too_large' };
  }
  const value = roundDecimalText(plain, places);
  if (negative && /[1-9]/.test(value)) return { ok: false, reason: 'negative' };
  if (!isAtMost(value, max)) return { ok: false, reason: 'too_large' };
  return { ok: true, value };
}

const priceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A price for display and for a price field's initial text: en-US grouping, two decimals
 * ("1,234.50"). The one price formatter of every screen (parsePrice reads it back).
 */
export function formatPrice(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? priceFormat.format(n) : '';
}

/** A money amount for display in a table or a total: the price with a dollar sign ("$1,234.50"). */
export function formatMoney(value: number | string): string {
  const text = formatPrice(value);
  return text && `$${text}`;
}

export type QuantityParse =
  { ok: true; value: number } | { ok: false; reason: 'empty' | 'not_integer' | 'negative' | 'too_large' };

/** Reads a whole quantity (stock on hand, units): a number or text such as "1,200" or "12"; at most `max`. */
export function parseQuantity(input: unknown, max: number = QUANTITY_MAX): QuantityParse {
  if (input === null || input === undefined) return { ok: false, reason: 'empty' };
  let n: number;
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) return { ok: false, reason: 'not_integer' };
    n = input;
  } else if (typeof input === 'string') {
    const s = input.trim();
    if (s === '') return { ok: false, reason: 'empty' };
    const negative = s.startsWith('-');
    const plain = stripThousandsSeparators(negative ? s.slice(1) : s);
    if (plain === null || !/^\d+(\.0*)?$/.test(plain)) return { ok: false, reason: 'not_integer' };
    n = Number(plain.split('.')[0]) * (negative ? -1 : 1);
  } else {
    return { ok: false, reason: 'not_integer' };
  }
  if (n < 0) return { ok: false, reason: 'negative' };
  if (n > max) return { ok: false, reason: 'too_large' };
  return { ok: true, value: n === 0 ? 0 : n };
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const IMAGE_KINDS: Readonly<Record<string, ImageType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * The image type of a file judged by its first bytes (the client's mimetype and file name
 * are not trusted): PNG, JPEG, GIF or WebP; null for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const detected = detectFileType(bytes.subarray(0, SNIFF_BYTES), bytes.length <= SNIFF_BYTES);
  return (detected && IMAGE_KINDS[detected.kind]) ?? null;
}

export interface UnitQuantity {
  unit_measure: UnitMeasure;
  quantity: number;
  active: boolean;
}

/**
 * The unit cells of one inventory row: the quantity for each unit column that is active for
 * the product, null where the spec shows no cell.
 */
export function inventoryUnitCells(units: readonly UnitQuantity[]): Record<UnitMeasure, number | null> {
  const cells = Object.fromEntries(UNIT_MEASURES.map((u) => [u, null])) as Record<UnitMeasure, number | null>;
  for (const u of units) if (u.active) cells[u.unit_measure] = u.quantity;
  return cells;
}

/** Sorts unit quantities in the inventory column order. */
export function sortUnitQuantities<T extends { unit_measure: UnitMeasure }>(units: readonly T[]): T[] {
  return [...units].sort(
    (a, b) => INVENTORY_UNIT_COLUMNS.indexOf(a.unit_measure) - INVENTORY_UNIT_COLUMNS.indexOf(b.unit_measure),
  );
}
