import { officeToday } from './records.ts';

/**
 * A delivery's time as typed: "2026-11-27T10:30" (or with a space, seconds, a fraction) and an
 * optional offset ("Z", "-06:00", "+0100").
 */
const DELIVERED_AT =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall clock of `at` in `timeZone`, read back as if it were UTC (milliseconds). */
function wallClockAsUtc(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(new Date(at))
    .reduce<Record<string, number>>((acc, p) => ({ ...acc, [p.type]: Number(p.value) }), {});
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant a wall clock of the office shows. The zone's offset is read at a first guess and
 * again at that guess, so a time next to a daylight-saving change lands on the right side of it;
 * a time the spring change skips is read with the offset before the change.
 */
function officeInstant(clock: WallClock, timeZone: string): Date {
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offsetAt = (at: number) => wallClockAsUtc(timeZone, at) - at;
  const guess = wall - offsetAt(wall);
  const corrected = wall - offsetAt(guess);
  const instant = wallClockAsUtc(timeZone, corrected) === wall ? corrected : guess;
  return new Date(instant + clock.millisecond);
}

/**
 * The instant a delivery's time names: with an offset it is that instant; without one it is the
 * office's wall clock. Null for a date or time that does not exist (02/30, 24:10).
 */
export function deliveryInstant(text: string, timeZone: string): Date | null {
  const m = DELIVERED_AT.exec(text.trim());
  if (!m) return null;
  const clock: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
    millisecond: Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000),
  };
  const check = new Date(Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second));
  const real =
    check.getUTCFullYear() === clock.year &&
    check.getUTCMonth() === clock.month - 1 &&
    check.getUTCDate() === clock.day &&
    check.getUTCHours() === clock.hour &&
    check.getUTCMinutes() === clock.minute &&
    check.getUTCSeconds() === clock.second;
  if (!real) return null;
  const offset = m[8];
  if (offset === undefined) return officeInstant(clock, timeZone);
  if (offset.toUpperCase() === 'Z') return new Date(check.getTime() + clock.millisecond);
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return new Date(check.getTime() + clock.millisecond - sign * (hours * 60 + minutes) * 60_000);
}

/** The office's calendar date of an instant (YYYY-MM-DD). */
export function officeDate(instant: Date, timeZone: string): string {
  return officeToday(timeZone, instant);
}

/** "11/27/2026 10:30 AM": an instant as the office's clock shows it. */
export function officeDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()}`;
}
