import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_CATEGORY_WORDS,
  RENTAL_BREAK_DAYS,
  breakDays,
  defaultRental,
  describeCategory,
  expectedAllowedCents,
  feeOf,
  isBillableMonth,
  ownershipDate,
  ownershipDateFrom,
  pickFeeRow,
  rentalCap,
  rentalFeeShare,
  rentalModifiers,
  rentalMonths,
  rentalNote,
  rentalStatus,
} from './rules.ts';
import type { FeeRow } from './fee-files.ts';

const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format('YYYY-MM-DD');
const addMonths = (date: string, months: number): string => dayjs(date).add(months, 'month').format('YYYY-MM-DD');
/** The day after the rental month begun on `date` ends, shifted by `gap` days: a break of `gap` days. */
const afterBreak = (date: string, gap: number): string => addDays(addMonths(date, 1), gap);

const wireDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('payment categories', () => {
  it('names every category of the 2025 DMEPOS file and says when a code is unknown', () => {
    // CATG values found in apps/server/reference/cms/dmepos-2025-jan/DMEPOS_JAN.csv.
    for (const code of ['CR', 'FS', 'IL', 'IN', 'LC', 'OS', 'OX', 'PO', 'SC', 'SD', 'SU', 'TE', 'TS']) {
      expect(PAYMENT_CATEGORY_WORDS[code]).toBeTruthy();
    }
    expect(describeCategory('CR')).toBe('Capped rental');
    expect(describeCategory('ox')).toBe('Oxygen and oxygen equipment');
    expect(describeCategory('ZZ')).toBe('ZZ (no description)');
  });

  it('rents CR, OX and FS, buys the others, and leaves IN (and no category) to the clerk', () => {
    for (const code of ['CR', 'OX', 'FS', 'cr']) expect(defaultRental(code)).toBe(true);
    for (const code of ['SU', 'PO', 'OS', 'SD', 'TS', 'LC', 'SC', 'IL', 'TE']) expect(defaultRental(code)).toBe(false);
    for (const code of ['IN', 'PE', 'ZZ', null]) expect(defaultRental(code)).toBeNull();
  });
});

describe('breaks in need', () => {
  it('counts the days after the end of the rental month', () => {
    expect(breakDays('2026-01-01', '2026-02-01')).toBe(0);
    expect(breakDays('2026-01-01', '2026-01-20')).toBe(-12);
    expect(breakDays('2026-01-01', '2026-04-02')).toBe(60);
    expect(breakDays('2026-01-01', '2026-04-03')).toBe(61);
    // A month begun on the 31st ends on the last day of the next month.
    expect(breakDays('2026-01-31', '2026-02-28')).toBe(0);
    expect(breakDays('2024-01-31', '2024-03-01')).toBe(1);
    expect(() => breakDays('2026-02-30', '2026-03-01')).toThrow('Not a YYYY-MM-DD date');
  });

  it('is the gap itself for any date and gap', () => {
    fc.assert(
      fc.property(wireDate, fc.integer({ min: -27, max: 400 }), (date, gap) => {
        expect(breakDays(date, afterBreak(date, gap))).toBe(gap);
      }),
    );
  });
});

describe('rental months', () => {
  it('continues across a break of 59 or 60 days and starts again at month 1 after 61', () => {
    for (const [gap, second] of [
      [59, 2],
      [60, 2],
      [61, 1],
    ] as const) {
      const dates = ['2026-01-01', afterBreak('2026-01-01', gap)];
      expect(rentalMonths(dates, 1, 'CR')).toEqual([1, second]);
    }
    expect(rentalMonths(['2026-01-01', '2026-04-02', '2026-05-02'], 1, 'CR')).toEqual([1, 2, 3]);
    expect(rentalMonths(['2026-01-01', '2026-04-03', '2026-05-03'], 1, 'CR')).toEqual([1, 1, 2]);
    expect(RENTAL_BREAK_DAYS).toBe(60);
  });

  it('starts the first date at the transferred month and counts past the cap', () => {
    const dates = Array.from({ length: 5 }, (_, i) => addMonths('2026-03-15', i));
    expect(rentalMonths(dates, 11, 'CR')).toEqual([11, 12, 13, 14, 15]);
    expect(rentalMonths(dates, 1, 'IN')).toEqual([1, 2, 3, 4, 5]);
    expect(rentalMonths([], 1, 'CR')).toEqual([]);
    expect(() => rentalMonths(dates, 0, 'CR')).toThrow('Not a rental month');
    expect(() => rentalMonths(dates, 1.5, 'CR')).toThrow('Not a rental month');
  });

  it('starts a new oxygen period at month 1 after month 60', () => {
    const dates = Array.from({ length: 4 }, (_, i) => addMonths('2026-01-10', i));
    expect(rentalMonths(dates, 58, 'OX')).toEqual([58, 59, 60, 1]);
    expect(rentalMonths(dates, 58, 'CR')).toEqual([58, 59, 60, 61]);
  });

  it('adds a month after a break of at most 60 days and starts at 1 after a longer one', () => {
    fc.assert(
      fc.property(
        wireDate,
        fc.array(fc.integer({ min: -20, max: 120 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom('CR', 'OX', 'FS', 'IN', 'SU', null),
        (first, gaps, startMonth, category) => {
          const dates = [first];
          for (const gap of gaps) dates.push(afterBreak(dates[dates.length - 1]!, gap));
          const months = rentalMonths(dates, startMonth, category);
          expect(months[0]).toBe(startMonth);
          gaps.forEach((gap, i) => {
            const previous = months[i]!;
            const newOxygenPeriod = category === 'OX' && previous >= 60;
            expect(months[i + 1]).toBe(gap <= RENTAL_BREAK_DAYS && !newOxygenPeriod ? previous + 1 : 1);
          });
        },
      ),
    );
  });
});

describe('modifiers, cap and billable months', () => {
  // Month:          1     2     3     4     5     6     7     8     9     10    11    12    13    14    15
  const crSecond = ['KH', 'KI', 'KI', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', 'KJ', null, null];

  it.each(Array.from({ length: 15 }, (_, i) => i + 1))('month %i of CR, OX, FS and IN', (month) => {
    const second = crSecond[month - 1];
    expect(rentalModifiers('CR', month)).toEqual(second ? ['RR', second] : ['RR']);
    expect(rentalModifiers('OX', month)).toEqual(['RR']);
    expect(rentalModifiers('FS', month)).toEqual(['RR']);
    expect(rentalModifiers('IN', month)).toEqual(['RR']);
    expect(isBillableMonth('CR', month)).toBe(month <= 13);
    expect(isBillableMonth('OX', month)).toBe(true);
    expect(isBillableMonth('FS', month)).toBe(true);
    expect(isBillableMonth('IN', month)).toBe(true);
  });

  it('caps CR at 13 and OX at 36 paid months, and nothing else', () => {
    expect(rentalCap('CR')).toBe(13);
    expect(rentalCap('OX')).toBe(36);
    for (const code of ['FS', 'IN', 'SU', null]) expect(rentalCap(code)).toBeNull();
    expect(rentalModifiers('OX', 37)).toEqual(['RR']);
    expect(rentalModifiers(null, 1)).toEqual(['RR']);
    fc.assert(
      fc.property(
        fc.constantFrom('CR', 'OX', 'FS', 'IN', null),
        fc.integer({ min: 1, max: 120 }),
        (category, month) => {
          const cap = rentalCap(category);
          expect(isBillableMonth(category, month)).toBe(cap === null || month <= cap);
          if (!isBillableMonth(category, month)) expect(rentalModifiers(category, month)).toEqual(['RR']);
          expect(rentalModifiers(category, month)[0]).toBe('RR');
        },
      ),
    );
  });

  it('pays CR months 1-3 whole, 4-13 at 75 % and nothing after; oxygen whole to 36', () => {
    const share = (category: string | null) => Array.from({ length: 15 }, (_, i) => rentalFeeShare(category, i + 1));
    expect(share('CR')).toEqual([1, 1, 1, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0, 0]);
    expect(share('IN')).toEqual(Array(15).fill(1));
    expect(rentalFeeShare('OX', 36)).toBe(1);
    expect(rentalFeeShare('OX', 37)).toBe(0);
    expect(rentalFeeShare(null, 99)).toBe(1);
  });
});

describe('status, ownership and the clerk’s note', () => {
  it('says who owns the item and whether it is paid', () => {
    expect(rentalStatus('CR', 13)).toBe('renting');
    expect(rentalStatus('CR', 14)).toBe('owned');
    expect(rentalStatus('OX', 36)).toBe('renting');
    expect(rentalStatus('OX', 37)).toBe('furnished_without_payment');
    expect(rentalStatus('OX', 60)).toBe('furnished_without_payment');
    expect(rentalStatus('FS', 99)).toBe('renting');
  });

  it('transfers ownership the day after month 13 ends', () => {
    expect(ownershipDate('CR', '2027-08-01')).toBe('2027-09-01');
    expect(ownershipDate('CR', '2027-01-31')).toBe('2027-02-28');
    expect(ownershipDate('OX', '2027-08-01')).toBeNull();
    expect(ownershipDateFrom('CR', 12, '2027-07-01')).toBe('2027-09-01');
    expect(ownershipDateFrom('CR', 15, '2027-10-01')).toBe('2027-09-01');
    expect(ownershipDateFrom('IN', 15, '2027-10-01')).toBeNull();
  });

  it('writes the month, the cap and the ownership date', () => {
    expect(rentalNote('CR', 1, '2026-09-01')).toBe('Month 1 of 13');
    expect(rentalNote('CR', 11, '2027-06-01')).toBe('Month 11 of 13');
    expect(rentalNote('CR', 12, '2027-07-01')).toBe('Month 12 of 13: ownership transfers on 09/01/2027');
    expect(rentalNote('CR', 13, '2027-08-01')).toBe('Month 13 of 13: ownership transfers on 09/01/2027');
    expect(rentalNote('CR', 14, '2027-09-01')).toBe('Owned by the patient since 09/01/2027');
    expect(rentalNote('CR', 16, '2027-11-01')).toBe('Owned by the patient since 09/01/2027');
    expect(rentalNote('OX', 3, '2026-03-01')).toBe('Month 3 of 36');
    expect(rentalNote('OX', 36, '2029-01-01')).toBe('Month 36 of 36');
    expect(rentalNote('OX', 40, '2029-05-01')).toBe('Furnished without payment, month 40 of 60');
    expect(rentalNote('FS', 5, '2026-05-01')).toBe('Month 5');
    expect(rentalNote(null, 2, '2026-05-01')).toBe('Month 2');
  });

  it('names the same ownership date from months 12 to 20 of a monthly rental begun on days 1-28', () => {
    fc.assert(
      fc.property(
        wireDate.filter((d) => Number(d.slice(8)) <= 28),
        (month1) => {
          const dateOf = (month: number) => addMonths(month1, month - 1);
          const owned = dayjs(ownershipDate('CR', dateOf(13))).format('MM/DD/YYYY');
          expect(rentalNote('CR', 12, dateOf(12))).toBe(`Month 12 of 13: ownership transfers on ${owned}`);
          expect(rentalNote('CR', 13, dateOf(13))).toBe(`Month 13 of 13: ownership transfers on ${owned}`);
          for (let month = 14; month <= 20; month++) {
            expect(rentalNote('CR', month, dateOf(month))).toBe(`Owned by the patient since ${owned}`);
          }
        },
      ),
    );
    // Begun on the 31st, month 12 falls on Feb 28 and its note counts from there: each note counts
    // from its own date, as only month 13's date fixes the transfer.
    expect(rentalNote('CR', 12, '2027-02-28')).toBe('Month 12 of 13: ownership transfers on 04/28/2027');
    expect(rentalNote('CR', 13, '2027-03-31')).toBe('Month 13 of 13: ownership transfers on 04/30/2027');
  });
});

/*
 * Rows of the January 2025 DMEPOS fee schedule, apps/server/reference/cms/dmepos-2025-jan/DMEPOS_JAN.csv,
 * copied by hand with the fees of the states used here (the file has 53): [non-rural, rural].
 */
const feeRow = (over: Partial<FeeRow> & Pick<FeeRow, 'hcpcs' | 'category' | 'fees'>): FeeRow => ({
  modifier1: '',
  modifier2: '',
  jurisdiction: 'D',
  description: '',
  ...over,
});

// line 747: `E0601,RR,,D,CR,0.00,0.00,50.58,94.93,...`: AL (NR) 50.58, IA (NR) 49.37, IA (R) 94.93,
// AK (NR) 91.42, AK (R) 0.00. The file has no NU or UE row for E0601.
const cpapRental = feeRow({
  hcpcs: 'E0601',
  modifier1: 'RR',
  category: 'CR',
  description: 'Cont airway pressure device',
  fees: { AL: ['50.58', '94.93'], IA: ['49.37', '94.93'], AK: ['91.42', '0.00'] },
});
// lines 1281-1283: `E1390,RR,,D,OX,...`, `E1390,RR,QB,D,OX,...`, `E1390,RR,QF,D,OX,...`, the same fees:
// IA (NR) 97.53, IA (R) 173.32, AK (NR) 173.32, AK (R) 0.00.
const concentratorFees: FeeRow['fees'] = { IA: ['97.53', '173.32'], AK: ['173.32', '0.00'] };
const concentrator = feeRow({
  hcpcs: 'E1390',
  modifier1: 'RR',
  category: 'OX',
  description: 'Oxygen concentrator',
  fees: concentratorFees,
});
const concentratorQb = { ...concentrator, modifier2: 'QB' };
const concentratorQf = { ...concentrator, modifier2: 'QF' };
// line 2116: `K0001,RR,,D,CR,0.00,0.00,30.25,47.71,...`: IA (NR) 28.11, IA (R) 52.48, AK (NR) 52.48, AK (R) 0.00.
const wheelchair = feeRow({
  hcpcs: 'K0001',
  modifier1: 'RR',
  category: 'CR',
  description: 'Standard wheelchair',
  fees: { IA: ['28.11', '52.48'], AK: ['52.48', '0.00'] },
});
// line 9: `A4217,,,J,SU,4.38,3.72,3.72,0.00,...`: IA (NR) 4.38, AK (NR) 2.14, rural 0.00 everywhere.
const saline = feeRow({
  hcpcs: 'A4217',
  jurisdiction: 'J',
  category: 'SU',
  description: 'Sterile water/saline, 500 ml',
  fees: { IA: ['4.38', '0.00'], AK: ['2.14', '0.00'] },
});
// line 10: `A4217,AU,,J,OS,4.38,3.72,...`: the same fees, billed with AU.
const salineAu = { ...saline, modifier1: 'AU', category: 'OS' };
// line 39: `A4321,,,J,OS,0.00,0.00,0.00,0.00,...`: no fee in any state.
const irrigationCatheter = feeRow({
  hcpcs: 'A4321',
  jurisdiction: 'J',
  category: 'OS',
  description: 'Cath therapeutic irrig agent',
  fees: { IA: ['0.00', '0.00'] },
});

describe('fee schedule rows', () => {
  const concentratorRows = [concentrator, concentratorQb, concentratorQf];

  it('picks the most specific row whose modifiers the service has', () => {
    expect(pickFeeRow(concentratorRows, ['RR'])).toBe(concentrator);
    expect(pickFeeRow(concentratorRows, ['RR', 'QF'])).toBe(concentratorQf);
    expect(pickFeeRow(concentratorRows, ['qf', 'rr'])).toBe(concentratorQf);
    expect(pickFeeRow([...concentratorRows].reverse(), ['RR', 'QB'])).toBe(concentratorQb);
    expect(pickFeeRow(concentratorRows, ['RR', 'KX'])).toBe(concentrator);
    expect(pickFeeRow(concentratorRows, ['QF'])).toBeNull();
    expect(pickFeeRow(concentratorRows, [])).toBeNull();
    // Equally specific rows: the first given.
    expect(pickFeeRow(concentratorRows, ['RR', 'QB', 'QF'])).toBe(concentratorQb);

    expect(pickFeeRow([cpapRental], ['RR', 'KH'])).toBe(cpapRental);
    expect(pickFeeRow([cpapRental], ['NU'])).toBeNull();
    expect(pickFeeRow([wheelchair], rentalModifiers('CR', 4))).toBe(wheelchair);

    // A row without modifiers fits any service, but only when no row with modifiers does.
    expect(pickFeeRow([salineAu, saline], [])).toBe(saline);
    expect(pickFeeRow([saline, salineAu], ['AU'])).toBe(salineAu);
    expect(pickFeeRow([saline, salineAu], ['NU'])).toBe(saline);
    expect(pickFeeRow([], ['RR'])).toBeNull();
  });

  it('picks a fitting row with the most modifiers, whatever the order of the rows', () => {
    const modifier = fc.constantFrom('', 'RR', 'NU', 'UE', 'QF', 'KX');
    const row = fc.tuple(modifier, modifier).map(([m1, m2]) => feeRow({ ...saline, modifier1: m1, modifier2: m2 }));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), fc.subarray(['rr', 'NU', 'UE', 'QF', 'KX']), (rows, modifiers) => {
        const wanted = modifiers.map((m) => m.toUpperCase());
        const own = (r: FeeRow) => [r.modifier1, r.modifier2].filter((m) => m !== '');
        const fits = rows.filter((r) => own(r).every((m) => wanted.includes(m)));
        const picked = pickFeeRow(rows, modifiers);
        if (fits.length === 0) {
          expect(picked).toBeNull();
        } else {
          expect(fits).toContain(picked);
          expect(own(picked!).length).toBe(Math.max(...fits.map((r) => own(r).length)));
        }
      }),
    );
  });

  it('reads the state’s fee, rural or not, and falls back to non-rural where rural is 0.00', () => {
    expect(feeOf(cpapRental, 'IA', false)).toBe('49.37');
    expect(feeOf(cpapRental, 'IA', true)).toBe('94.93');
    expect(feeOf(cpapRental, 'ia', true)).toBe('94.93');
    expect(feeOf(cpapRental, 'AK', true)).toBe('91.42');
    expect(feeOf(concentratorQf, 'IA', true)).toBe('173.32');
    expect(feeOf(wheelchair, 'IA', false)).toBe('28.11');
    expect(feeOf(wheelchair, 'AK', true)).toBe('52.48');
    expect(feeOf(saline, 'IA', true)).toBe('4.38');
    expect(feeOf(saline, 'AK', false)).toBe('2.14');
    expect(feeOf(cpapRental, 'ZZ', false)).toBeNull();
    expect(feeOf(irrigationCatheter, 'IA', false)).toBeNull();
    expect(feeOf(irrigationCatheter, 'IA', true)).toBeNull();
  });
});

describe('expected allowed amount', () => {
  const expected = (unitPrice: string | null, category: string | null, rentalMonth: number | null, quantity = 1) =>
    expectedAllowedCents({ unitPrice, percent: null, category, rentalMonth, quantity });

  it('prices a rental month from the fee schedule, exactly', () => {
    const fee = feeOf(pickFeeRow([cpapRental], rentalModifiers('CR', 4))!, 'IA', false);
    expect(expected(fee, 'CR', 1)).toBe(4937);
    expect(expected(fee, 'CR', 4)).toBe(3703); // 3702.75
    expect(expected(feeOf(cpapRental, 'AL', false), 'CR', 5, 3)).toBe(11381); // 5058 x 75 x 3 / 100 = 11380.5
    expect(expected(feeOf(cpapRental, 'IA', true), 'CR', 13)).toBe(7120); // 7119.75
    expect(expected('94.93', 'CR', 14)).toBe(0);
    expect(expected('97.53', 'OX', 36)).toBe(9753);
    expect(expected('97.53', 'OX', 37)).toBe(0);
    expect(expected(feeOf(saline, 'IA', false), 'SU', null, 10)).toBe(4380);
    expect(expected('4.38', null, null, 0)).toBe(0);
    expect(expected(feeOf(irrigationCatheter, 'IA', false), 'OS', null)).toBeNull();
    expect(() => expected('4.38', null, null, 1.5)).toThrow('Not a whole quantity');
  });

  it('applies a payer’s percent of Medicare before the rental share, rounding once', () => {
    const withPercent = (unitPrice: string, percent: string, category: string | null, month: number | null) =>
      expectedAllowedCents({ unitPrice, percent, category, rentalMonth: month, quantity: 1 });
    expect(withPercent('100.00', '80.00', null, null)).toBe(8000);
    expect(withPercent('50.58', '80.00', 'CR', 5)).toBe(3035); // 3034.8
    expect(withPercent('0.05', '50.00', null, null)).toBe(3); // 2.5
    expect(withPercent('0.03', '50.00', 'CR', 4)).toBe(1); // 1.125
    expect(withPercent('49.37', '110.50', 'CR', 1)).toBe(5455); // 5455.385
    expect(expected('0.02', 'CR', 4)).toBe(2); // 1.5
  });

  const feeCents = fc.integer({ min: 0, max: 99_999_999 });
  const asText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const quantity = fc.integer({ min: 0, max: 99_999 });

  it('pays CR months 4-13 at 75 %, rounded half up, and months 1-3 whole', () => {
    fc.assert(
      fc.property(feeCents, quantity, fc.integer({ min: 1, max: 13 }), (cents, qty, month) => {
        // cents x 0.75 x qty is exact in a double at these sizes, so Math.round is half up on it.
        const want = month <= 3 ? cents * qty : Math.round(cents * 0.75 * qty);
        expect(expected(asText(cents), 'CR', month, qty)).toBe(want);
      }),
    );
  });

  it('never expects more than the whole fee', () => {
    fc.assert(
      fc.property(
        feeCents,
        quantity,
        fc.constantFrom('CR', 'OX', 'FS', 'IN', 'SU', null),
        fc.option(fc.integer({ min: 1, max: 99 })),
        (cents, qty, category, month) => {
          expect(expected(asText(cents), category, month, qty)!).toBeLessThanOrEqual(cents * qty);
        },
      ),
    );
  });
});
