import { describe, expect, it } from 'vitest';
import { signaturePng } from '../test/shipping.ts';
import { deliveryInstant, officeDate, officeDateTime } from './delivery-time.ts';
import { isDrawablePng } from './signature-png.ts';

const CHICAGO = 'America/Chicago';
const iso = (text: string) => deliveryInstant(text, CHICAGO)?.toISOString() ?? null;

describe('deliveryInstant', () => {
  it("reads a time without an offset on the office's clock, through the daylight-saving changes", () => {
    expect(iso('2026-11-27T10:30')).toBe('2026-11-27T16:30:00.000Z');
    expect(iso('2026-11-27 10:30')).toBe('2026-11-27T16:30:00.000Z');
    expect(iso('2026-07-01T23:30:15')).toBe('2026-07-02T04:30:15.000Z');
    // 02:30 does not exist on 03/08/2026: read with the offset before the change (03:30 CDT).
    expect(iso('2026-03-08T02:30')).toBe('2026-03-08T08:30:00.000Z');
    expect(iso('2026-03-08T03:30')).toBe('2026-03-08T08:30:00.000Z');
    expect(iso('2026-11-01T00:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-11-01T03:00')).toBe('2026-11-01T09:00:00.000Z');
  });

  it('reads a time with an offset as that instant', () => {
    expect(iso('2026-11-27T10:30:15.5Z')).toBe('2026-11-27T10:30:15.500Z');
    expect(iso('2026-11-27T10:30-05:00')).toBe('2026-11-27T15:30:00.000Z');
    expect(iso('2026-11-27T10:30+0100')).toBe('2026-11-27T09:30:00.000Z');
  });

  it('refuses dates and times that do not exist', () => {
    for (const text of [
      '2026-02-30T10:30',
      '2026-11-27T24:00',
      '2026-11-27T10:60',
      '0026-11-27T10:30',
      '2026-11-27T10:30+25:00',
      '11/27/2026 10:30',
    ]) {
      expect(iso(text), text).toBeNull();
    }
  });
});

describe("the office's date and clock", () => {
  it('answers the date and time the office saw', () => {
    const late = new Date('2026-05-02T03:15:00Z');
    expect(officeDate(late, CHICAGO)).toBe('2026-05-01');
    expect(officeDateTime(late, CHICAGO)).toBe('05/01/2026 10:15 PM');
    expect(officeDateTime(new Date('2026-05-01T17:05:00Z'), CHICAGO)).toBe('05/01/2026 12:05 PM');
  });
});

describe('isDrawablePng', () => {
  it('takes a whole PNG and refuses a broken, interlaced or oversized one', () => {
    const png = signaturePng();
    expect(isDrawablePng(png)).toBe(true);
    expect(isDrawablePng(png.subarray(0, png.length - 12))).toBe(false);
    const badData = Buffer.from(png);
    badData.fill(0x41, 50, 60);
    expect(isDrawablePng(badData)).toBe(false);
    const interlaced = Buffer.from(png);
    interlaced[28] = 1;
    expect(isDrawablePng(interlaced)).toBe(false);
    expect(isDrawablePng(signaturePng(5000, 2))).toBe(false);
    expect(isDrawablePng(signaturePng(3000, 2100))).toBe(false);
  });
});
