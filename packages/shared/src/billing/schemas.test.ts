import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES as M,
  invoiceFormSchema,
  invoiceUpdateSchema,
  vendorCreateSchema,
  vendorEditSchema,
  vendorMatches,
  vendorUpdateSchema,
  writeOffSchema,
} from './schemas.ts';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('vendor schemas', () => {
  it('create needs a name and a phone, with the spec messages', () => {
    expect(messages(vendorCreateSchema.safeParse({ name: ' ', phone: '' }))).toEqual({
      name: M.nameRequired,
      phone: M.phoneRequired,
    });
    expect(messages(vendorCreateSchema.safeParse({}))).toEqual({ name: M.nameRequired, phone: M.phoneRequired });
  });
  it('edit says Phone Number', () => {
    expect(messages(vendorEditSchema.safeParse({ name: 'Aetna', phone: '' }))).toEqual({
      phone: M.phoneNumberRequired,
    });
  });
  it('trims, and PATCH takes any subset', () => {
    expect(vendorCreateSchema.parse({ name: '  Aetna ', phone: ' 800-555-0100 ' })).toEqual({
      name: 'Aetna',
      phone: '800-555-0100',
    });
    // A field not sent stays out of the patch (the stored value is kept), claim fields too.
    expect(vendorUpdateSchema.parse({ phone: '800-555-0100' })).toEqual({ phone: '800-555-0100' });
    expect(vendorUpdateSchema.parse({ payer_id: ' 60054 ', zip: '06156-1234' })).toEqual({
      payer_id: '60054',
      zip: '061561234',
    });
    expect(messages(vendorUpdateSchema.safeParse({ name: '' }))).toEqual({ name: M.nameRequired });
  });
});

describe('invoice schemas', () => {
  it('PATCH takes notes and a YYYY-MM-DD date, each optional', () => {
    expect(invoiceUpdateSchema.parse({ notes: 'Paid by phone', date: '2026-02-03', extra: 1 })).toEqual({
      notes: 'Paid by phone',
      date: '2026-02-03',
    });
    expect(invoiceUpdateSchema.parse({})).toEqual({});
    expect(invoiceUpdateSchema.parse({ notes: null })).toEqual({ notes: '' });
    expect(messages(invoiceUpdateSchema.safeParse({ date: '02/03/2026' }))).toEqual({ date: 'Invalid date' });
    expect(messages(invoiceUpdateSchema.safeParse({ date: '2026-02-30' }))).toEqual({ date: 'Invalid date' });
  });
  it('the form needs a date', () => {
    expect(messages(invoiceFormSchema.safeParse({ notes: '', date: '' }))).toEqual({ date: M.dateRequired });
  });
});

describe('write-off body', () => {
  it('reads amounts as exact text', () => {
    expect(
      writeOffSchema.parse({ services: [{ id: 4, outstanding: 0, amount_ajusted: '0', write_off: 12.3 }] }),
    ).toEqual({ services: [{ id: 4, outstanding: '0.00', amount_ajusted: '0.00', write_off: '12.30' }] });
  });
  it('refuses an empty list, negative or missing amounts and a service named twice', () => {
    expect(messages(writeOffSchema.safeParse({ services: [] }))).toEqual({ services: M.servicesRequired });
    expect(
      messages(
        writeOffSchema.safeParse({
          services: [
            { id: 1, outstanding: -1, amount_ajusted: 0, write_off: 'x' },
            { id: 2, outstanding: 0, write_off: 0 },
          ],
        }),
      ),
    ).toEqual({
      'services.0.outstanding': M.amountNegative,
      'services.0.write_off': M.amountInvalid,
      'services.1.amount_ajusted': M.amountRequired,
    });
    expect(
      messages(
        writeOffSchema.safeParse({
          services: [
            { id: 1, outstanding: 0, amount_ajusted: 0, write_off: 0 },
            { id: 1, outstanding: 0, amount_ajusted: 0, write_off: 0 },
          ],
        }),
      ),
    ).toEqual({ 'services.1.id': M.serviceTwice });
  });
});

describe('vendor search', () => {
  const v = { name: 'Wellmark Blue Cross', phone: '800-524-9242' };
  it('matches name and phone, any case, dashes optional', () => {
    expect(vendorMatches(v, 'blue CROSS')).toBe(true);
    expect(vendorMatches(v, '524-92')).toBe(true);
    expect(vendorMatches(v, '8005249242')).toBe(true);
    expect(vendorMatches(v, '(800) 524')).toBe(true);
    expect(vendorMatches(v, 'aetna')).toBe(false);
    expect(vendorMatches(v, '  ')).toBe(true);
  });
});
