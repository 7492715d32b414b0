/**
 * Exact decimal arithmetic for money: values are scaled BigInts (micro-units), so sums and
 * products never pick up binary floating-point error. Rounding is half away from zero, only
 * where a rule asks for it.
 */
const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);

export type Micro = bigint;

/** Parses "1,234.5", 12.3 or "-0.125" into micro-units; throws on anything else. */
export function toMicro(value: string | number): Micro {
  const text = (typeof value === 'number' ? numberToPlain(value) : value).replace(/,/g, '').trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`Not a decimal: ${String(value)}`);
  const [, sign, int, frac = ''] = m;
  const fracDigits = frac.padEnd(SCALE + 1, '0');
  let micro = BigInt(int || '0') * FACTOR + BigInt(fracDigits.slice(0, SCALE));
  if (Number(fracDigits[SCALE]) >= 5) micro += 1n;
  return sign ? -micro : micro;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a finite number: ${n}`);
  return n.toFixed(SCALE + 1);
}

/** Rounds micro-units to `places` decimals (half away from zero). */
export function roundMicro(value: Micro, places: number): Micro {
  const step = 10n ** BigInt(SCALE - places);
  const half = step / 2n;
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + half) / step) * step;
  return value < 0n ? -rounded : rounded;
}

export function mulMicro(a: Micro, b: Micro): Micro {
  const product = a * b;
  const abs = product < 0n ? -product : product;
  const q = (abs + FACTOR / 2n) / FACTOR;
  return product < 0n ? -q : q;
}

/** Formats micro-units with exactly `places` decimals (after rounding). */
export function microToString(value: Micro, places = 2): string {
  const r = roundMicro(value, places);
  const neg = r < 0n;
  const abs = neg ? -r : r;
  const int = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0').slice(0, places);
  return `${neg ? '-' : ''}${int}${places ? `.${frac}` : ''}`;
}

export function microToNumber(value: Micro, places = 2): number {
  return Number(microToString(value, places));
}

/** Sum of decimal values, exact. */
export function sumDecimals(values: (string | number)[], places = 2): string {
  return microToString(
    values.reduce<Micro>((acc, v) => acc + toMicro(v), 0n),
    places,
  );
}
