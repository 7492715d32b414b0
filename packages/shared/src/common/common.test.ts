import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avatarInitials, fullName } from './avatar.ts';
import { ageInYears, formatDisplayDate, isWireDate } from './dates.ts';
import { maskPhone } from './phone.ts';
import { emptyTableText } from './messages.ts';
import { listQuerySchema, nextOrdering, parseOrdering } from './list.ts';

describe('avatar', () => {
  it('takes the first two non-space letters, upper case', () => {
    expect(avatarInitials('Office Administrator')).toBe('OF');
    expect(avatarInitials(' j  doe')).toBe('JD');
    expect(avatarInitials('a')).toBe('A');
    expect(avatarInitials('')).toBe('');
  });
  it('never returns spaces or more than two characters', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const a = avatarInitials(s);
        return a.length <= 2 && !/\s/.test(a) && a === a.toUpperCase();
      }),
    );
  });
  it('joins name parts skipping empty ones', () => {
    expect(fullName({ first_name: 'Ana', middle_name: '', last_name: 'Ruiz' })).toBe('Ana Ruiz');
  });
});

describe('dates', () => {
  it('validates wire dates strictly', () => {
    expect(isWireDate('2024-02-29')).toBe(true);
    expect(isWireDate('2023-02-29')).toBe(false);
    expect(isWireDate('02/01/2024')).toBe(false);
  });
  it('formats for display', () => {
    expect(formatDisplayDate('2026-11-05')).toBe('11/05/2026');
    expect(formatDisplayDate('2026-11-05', 'MM-DD-YYYY')).toBe('11-05-2026');
    expect(formatDisplayDate(null)).toBe('');
  });
  it('computes age in whole years', () => {
    expect(ageInYears('2006-11-22', '2026-11-22')).toBe(20);
    expect(ageInYears('2006-11-23', '2026-11-22')).toBe(19);
    expect(ageInYears(null, '2026-11-22')).toBeNull();
  });
});

describe('phone mask', () => {
  it('formats 000-000-0000', () => {
    expect(maskPhone('5155550100')).toBe('515-555-0100');
    expect(maskPhone('(515) 555')).toBe('515-555');
    expect(maskPhone('51')).toBe('51');
  });
  it('keeps at most ten digits, in order', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const digits = s.replace(/\D/g, '').slice(0, 10);
        return maskPhone(s).replace(/-/g, '') === digits;
      }),
    );
  });
});

describe('lists', () => {
  it('empty table text', () => {
    expect(emptyTableText('PATIENTS')).toBe("THERE AREN'T PATIENTS");
  });
  it('orders ascending first, then descending', () => {
    expect(nextOrdering(undefined, 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBe('name');
    expect(parseOrdering('-city')).toEqual({ field: 'city', desc: true });
  });
  it('defaults and bounds the paging query', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, page_size: 25, search: '' });
    expect(listQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
