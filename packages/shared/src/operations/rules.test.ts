import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import {
  alertColor,
  approvalIsToggle,
  dateRangeOf,
  expirationAlert,
  expirationColor,
  expirationMatchesOccurrence,
  inDateRange,
  isCompleted,
  isSolvedSwitchOn,
  isValidDateRange,
  solvedSwitchPayload,
  upcomingWorkDates,
  type AlertExpirationInput,
  type DateRange,
  type ExpirationColorInput,
} from './rules.ts';

const date = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => dayjs(d).format('YYYY-MM-DD'));
const range: fc.Arbitrary<DateRange> = fc
  .tuple(date, date)
  .map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }));
const expiration: fc.Arbitrary<ExpirationColorInput> = fc.record({
  date,
  yellow: fc.boolean(),
  yellow_date: fc.option(date, { nil: null }),
  red_solved_date: fc.option(date, { nil: null }),
  yellow_solved_date: fc.option(date, { nil: null }),
});
const alertExpiration: fc.Arbitrary<AlertExpirationInput> = fc
  .tuple(expiration, fc.boolean())
  .map(([e, solved]) => ({ ...e, solved }));

const WEEK: DateRange = { start: '2026-03-01', end: '2026-03-07' };
const exp = (over: Partial<ExpirationColorInput> = {}): ExpirationColorInput => ({
  date: '2026-03-04',
  yellow: false,
  yellow_date: null,
  red_solved_date: null,
  yellow_solved_date: null,
  ...over,
});
const alertExp = (over: Partial<AlertExpirationInput> = {}): AlertExpirationInput => ({
  ...exp(),
  solved: false,
  ...over,
});

describe('date range validity (spec part 3 section 5)', () => {
  it('needs both dates, valid, start not after end', () => {
    expect(isValidDateRange('2026-03-01', '2026-03-07')).toBe(true);
    expect(isValidDateRange('2026-03-07', '2026-03-07')).toBe(true);
    expect(isValidDateRange('2026-03-08', '2026-03-07')).toBe(false);
    expect(isValidDateRange('', '2026-03-07')).toBe(false);
    expect(isValidDateRange('2026-03-01', null)).toBe(false);
    expect(isValidDateRange(undefined, undefined)).toBe(false);
    expect(isValidDateRange('2026-02-30', '2026-03-07')).toBe(false);
    expect(isValidDateRange('03/01/2026', '2026-03-07')).toBe(false);
    expect(isValidDateRange('2026-03-01', '2026-3-7')).toBe(false);
  });
  it('dateRangeOf gives the range or null', () => {
    expect(dateRangeOf('2026-03-01', '2026-03-07')).toEqual(WEEK);
    expect(dateRangeOf('2026-03-07', '2026-03-01')).toBeNull();
  });
  it('agrees with calendar order for any two dates', () => {
    fc.assert(
      fc.property(date, date, (a, b) => {
        expect(isValidDateRange(a, b)).toBe(!dayjs(a).isAfter(dayjs(b), 'day'));
      }),
    );
  });
  it('inDateRange is inclusive at both ends and false without a date or range', () => {
    expect(inDateRange('2026-03-01', WEEK)).toBe(true);
    expect(inDateRange('2026-03-07', WEEK)).toBe(true);
    expect(inDateRange('2026-02-28', WEEK)).toBe(false);
    expect(inDateRange('2026-03-08', WEEK)).toBe(false);
    expect(inDateRange(null, WEEK)).toBe(false);
    expect(inDateRange('2026-03-03', null)).toBe(false);
  });
});

describe('expiration colour (spec 4.1)', () => {
  it('green when red_solved_date is set, whatever else holds', () => {
    expect(expirationColor(exp({ red_solved_date: '2026-03-02' }), WEEK)).toBe('green');
    expect(expirationColor(exp({ red_solved_date: '2026-03-02', yellow: true, yellow_date: '2026-03-03' }), WEEK)).toBe(
      'green',
    );
  });
  it('yellow applies and the expiration date is in range: red', () => {
    expect(expirationColor(exp({ yellow: true, yellow_date: '2026-03-02' }), WEEK)).toBe('red');
    // A yellow solve does not turn a due expiration date green.
    expect(
      expirationColor(exp({ yellow: true, yellow_date: '2026-03-02', yellow_solved_date: '2026-03-02' }), WEEK),
    ).toBe('red');
  });
  it('yellow applies and the expiration date is outside the range: yellow, green once yellow-solved', () => {
    const e = exp({ date: '2026-03-20', yellow: true, yellow_date: '2026-03-05' });
    expect(expirationColor(e, WEEK)).toBe('yellow');
    expect(expirationColor({ ...e, yellow_solved_date: '2026-03-05' }, WEEK)).toBe('green');
  });
  it('no yellow flag: red', () => {
    expect(expirationColor(exp(), WEEK)).toBe('red');
    expect(expirationColor(exp({ date: '2026-04-01' }), WEEK)).toBe('red');
    expect(expirationColor(exp({ yellow_solved_date: '2026-03-01' }), WEEK)).toBe('red');
  });
  it('yellow flag with the yellow date outside the range (or none): red', () => {
    expect(expirationColor(exp({ yellow: true, yellow_date: '2026-02-01' }), WEEK)).toBe('red');
    expect(expirationColor(exp({ yellow: true, yellow_date: null }), WEEK)).toBe('red');
  });
  it('green exactly when red-solved or yellow-only and yellow-solved (property)', () => {
    fc.assert(
      fc.property(expiration, range, (e, r) => {
        const yellowOnly = e.yellow && inDateRange(e.yellow_date, r) && !inDateRange(e.date, r);
        const green = e.red_solved_date !== null || (yellowOnly && e.yellow_solved_date !== null);
        expect(expirationColor(e, r) === 'green').toBe(green);
        expect(isSolvedSwitchOn(e, r)).toBe(green);
        if (!green) expect(expirationColor(e, r)).toBe(yellowOnly ? 'yellow' : 'red');
      }),
    );
  });
});

describe('Solved switch payload (spec 4.1)', () => {
  it('red row: solve the red date', () => {
    expect(solvedSwitchPayload(exp(), WEEK)).toEqual({ solved: true, color: 'red' });
  });
  it('green through the red solve: unsolve the red date', () => {
    expect(solvedSwitchPayload(exp({ red_solved_date: '2026-03-02' }), WEEK)).toEqual({ solved: false, color: 'red' });
    expect(
      solvedSwitchPayload(exp({ red_solved_date: '2026-03-02', yellow: true, yellow_date: '2026-03-03' }), WEEK),
    ).toEqual({ solved: false, color: 'red' });
  });
  it('yellow row: solve the yellow date; green through the yellow solve: unsolve it', () => {
    const e = exp({ date: '2026-03-20', yellow: true, yellow_date: '2026-03-05' });
    expect(solvedSwitchPayload(e, WEEK)).toEqual({ solved: true, color: 'yellow' });
    expect(solvedSwitchPayload({ ...e, yellow_solved_date: '2026-03-05' }, WEEK)).toEqual({
      solved: false,
      color: 'yellow',
    });
  });
  it('nothing is sent when a red_solved_date exists, yellow applies and red does not', () => {
    const e = exp({ date: '2026-03-20', yellow: true, yellow_date: '2026-03-05', red_solved_date: '2026-03-01' });
    expect(solvedSwitchPayload(e, WEEK)).toBeNull();
  });
  it('red with yellow also in range: acts on the red date', () => {
    expect(solvedSwitchPayload(exp({ yellow: true, yellow_date: '2026-03-02' }), WEEK)).toEqual({
      solved: true,
      color: 'red',
    });
  });
  it('applying the payload flips the switch (property)', () => {
    fc.assert(
      fc.property(expiration, range, date, (e, r, today) => {
        const payload = solvedSwitchPayload(e, r);
        if (payload === null) {
          expect(e.red_solved_date).not.toBeNull();
          return;
        }
        expect(payload.solved).toBe(!isSolvedSwitchOn(e, r));
        // What the server does with the payload (orders/expirations.ts): stamp or clear one date.
        const stamp = payload.solved ? today : null;
        const after =
          payload.color === 'yellow' ? { ...e, yellow_solved_date: stamp } : { ...e, red_solved_date: stamp };
        expect(isSolvedSwitchOn(after, r)).toBe(payload.solved);
      }),
    );
  });
});

describe('alert colour (spec 4.2)', () => {
  const OCC = '2026-03-04';
  it('empty when the order has no expiration at all', () => {
    expect(alertColor({ has_expirations: false, expirations: [] }, OCC, WEEK)).toBe('empty');
  });
  it('green when no expiration matches the occurrence', () => {
    expect(alertColor({ has_expirations: true, expirations: [] }, OCC, WEEK)).toBe('green');
    expect(alertColor({ has_expirations: true, expirations: [alertExp({ date: '2026-05-01' })] }, OCC, WEEK)).toBe(
      'green',
    );
  });
  it('green when the matching expiration is solved', () => {
    expect(alertColor({ has_expirations: true, expirations: [alertExp({ solved: true })] }, OCC, WEEK)).toBe('green');
    expect(
      alertColor({ has_expirations: true, expirations: [alertExp({ red_solved_date: '2026-03-01' })] }, OCC, WEEK),
    ).toBe('green');
  });
  it('yellow when flagged yellow with the yellow date in the chosen range', () => {
    const e = alertExp({ date: '2026-04-30', yellow: true, yellow_date: '2026-03-02' });
    expect(alertColor({ has_expirations: true, expirations: [e] }, OCC, WEEK)).toBe('yellow');
    expect(
      alertColor({ has_expirations: true, expirations: [{ ...e, yellow_solved_date: '2026-03-02' }] }, OCC, WEEK),
    ).toBe('green');
  });
  it('red when the expiration date equals the occurrence date and yellow does not apply', () => {
    expect(alertColor({ has_expirations: true, expirations: [alertExp()] }, OCC, WEEK)).toBe('red');
    expect(
      alertColor(
        { has_expirations: true, expirations: [alertExp({ yellow: true, yellow_date: '2026-01-01' })] },
        OCC,
        WEEK,
      ),
    ).toBe('red');
    // Without a chosen range only the date match counts.
    expect(alertColor({ has_expirations: true, expirations: [alertExp()] }, OCC, null)).toBe('red');
  });
  it('the most urgent of several matches wins', () => {
    const yellow = alertExp({ date: '2026-04-30', yellow: true, yellow_date: '2026-03-02' });
    const red = alertExp();
    const solved = alertExp({ solved: true });
    expect(alertColor({ has_expirations: true, expirations: [solved, yellow] }, OCC, WEEK)).toBe('yellow');
    expect(alertColor({ has_expirations: true, expirations: [yellow, red, solved] }, OCC, WEEK)).toBe('red');
  });
  it('matching: same date, or yellow with the yellow date in range', () => {
    expect(expirationMatchesOccurrence(alertExp(), OCC, WEEK)).toBe(true);
    expect(expirationMatchesOccurrence(alertExp({ date: '2026-03-05' }), OCC, WEEK)).toBe(false);
    expect(
      expirationMatchesOccurrence(alertExp({ date: '2026-04-30', yellow: true, yellow_date: '2026-03-07' }), OCC, WEEK),
    ).toBe(true);
    expect(
      expirationMatchesOccurrence(alertExp({ date: '2026-04-30', yellow: true, yellow_date: '2026-03-07' }), OCC, null),
    ).toBe(false);
    expect(
      expirationMatchesOccurrence(
        alertExp({ date: '2026-04-30', yellow: false, yellow_date: '2026-03-07' }),
        OCC,
        WEEK,
      ),
    ).toBe(false);
  });
  it('is never empty with expirations, and the list colour is the worst single colour (property)', () => {
    const rank = { green: 0, yellow: 1, red: 2 } as const;
    fc.assert(
      fc.property(
        fc.array(alertExpiration, { maxLength: 5 }),
        date,
        fc.option(range, { nil: null }),
        (list, occ, r) => {
          const color = alertColor({ has_expirations: true, expirations: list }, occ, r);
          expect(color).not.toBe('empty');
          const matching = list.filter((e) => expirationMatchesOccurrence(e, occ, r)).map((e) => expirationAlert(e, r));
          const worst = matching.reduce<'green' | 'yellow' | 'red'>((w, c) => (rank[c] > rank[w] ? c : w), 'green');
          expect(color).toBe(worst);
          // Solving every expiration makes the alert green.
          const solved = list.map((e) => ({ ...e, solved: true }));
          expect(alertColor({ has_expirations: true, expirations: solved }, occ, r)).toBe('green');
        },
      ),
    );
  });
});

describe('completed: eligibility on, and approved or not call before delivery', () => {
  it('every combination', () => {
    const cases: [boolean, boolean, boolean, boolean][] = [
      // eligibility, approved, call before delivery, completed
      [false, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, true, true, false],
      [true, false, false, true],
      [true, true, false, true],
      [true, false, true, false],
      [true, true, true, true],
    ];
    for (const [eligibility_toggle, customer_approved, call_before_delivery, completed] of cases) {
      expect(isCompleted({ eligibility_toggle, customer_approved }, { call_before_delivery })).toBe(completed);
    }
  });
  it('Patient Approved is a toggle only for call-before-delivery patients', () => {
    expect(approvalIsToggle({ call_before_delivery: true })).toBe(true);
    expect(approvalIsToggle({ call_before_delivery: false })).toBe(false);
  });
});

describe('upcomingWorkDates', () => {
  it('is today and the next 30 days, across a month and a year', () => {
    expect(upcomingWorkDates('2026-11-27')).toEqual({ start_date: '2026-11-27', end_date: '2026-12-27' });
    expect(upcomingWorkDates('2026-12-15')).toEqual({ start_date: '2026-12-15', end_date: '2027-01-14' });
  });
});
