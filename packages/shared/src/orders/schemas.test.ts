import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  callNoteSchema,
  expirationSchema,
  expirationUpdateSchema,
  orderCreateSchema,
  orderUpdateSchema,
  productLineSchema,
  productLineUpdateSchema,
  serviceCloneSchema,
  serviceEditSchema,
  serviceUpdateSchema,
} from './schemas.ts';

/** Field -> messages of a failed parse (empty when it passed). */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

const line = {
  product_id: 3,
  variant: 7,
  recurrence_id: 1,
  quantity: 2,
  sale_price: '12.50',
  percentage: null,
  added_percentage: false,
  service_date: '2026-01-01',
  end_date: '2026-06-01',
  tax_applied: true,
  nutritional: false,
};

describe('order schemas', () => {
  it('create: the spec messages for patient, delivery and name', () => {
    expect(errors(orderCreateSchema, {})).toEqual({
      patient_id: ['Patient is required'],
      delivery_id: ['Delivery is required'],
      name: ['Order name is required'],
    });
    expect(errors(orderCreateSchema, { patient_id: '', delivery_id: null, name: '   ' })).toEqual({
      patient_id: ['Patient is required'],
      delivery_id: ['Delivery is required'],
      name: ['Order name is required'],
    });
  });

  it('create: defaults (status 1, empty texts, no expiry date so the server uses today)', () => {
    const v = orderCreateSchema.parse({ patient_id: '4', delivery_id: 1, name: ' Monthly supplies ', expired_at: '' });
    expect(v).toEqual({
      patient_id: 4,
      delivery_id: 1,
      name: 'Monthly supplies',
      status_id: 1,
      po_number: '',
      patient_notes: '',
      office_notes: '',
      expired_at: null,
      customer_approved: false,
    });
    expect(errors(orderCreateSchema, { patient_id: 1, delivery_id: 1, name: 'x', expired_at: '2026-02-30' })).toEqual({
      expired_at: ['Invalid date'],
    });
  });

  it('update: an empty name is ignored; a patient, when sent, is required', () => {
    expect(orderUpdateSchema.parse({ name: '' })).toEqual({});
    expect(orderUpdateSchema.parse({ name: '  New  ', po_number: 'PO-1' })).toEqual({ name: 'New', po_number: 'PO-1' });
    expect(errors(orderUpdateSchema, { patient_id: null })).toEqual({ patient_id: ['Patient is required'] });
    expect(errors(orderUpdateSchema, { patient_id: '' })).toEqual({ patient_id: ['Patient is required'] });
  });
});

describe('product line schema', () => {
  it('the spec messages for each required field', () => {
    expect(errors(productLineSchema, {})).toEqual({
      product_id: ['Product is required'],
      variant: ['Price variant is required'],
      recurrence_id: ['Recurrence is required'],
      quantity: ['Quantity is required'],
      sale_price: ['Sale Price is required'],
      service_date: ['Service date is required'],
      end_date: ['End date is required'],
    });
  });

  it('percentage is required only when added_percentage is on', () => {
    expect(errors(productLineSchema, line)).toEqual({});
    expect(errors(productLineSchema, { ...line, added_percentage: true })).toEqual({
      percentage: ['Percentage is required'],
    });
    expect(errors(productLineSchema, { ...line, added_percentage: true, percentage: '' })).toEqual({
      percentage: ['Percentage is required'],
    });
    expect(productLineSchema.parse({ ...line, added_percentage: true, percentage: 10 }).percentage).toBe('10.000');
  });

  it('applies the date rules: service date message on service_date, span message on end_date', () => {
    expect(errors(productLineSchema, { ...line, end_date: '2026-01-01' })).toEqual({
      service_date: ['The service date cannot be equal to or after the end date'],
    });
    expect(errors(productLineSchema, { ...line, end_date: '2026-01-30' })).toEqual({
      end_date: ['The end date must be at least 30 days after the service date'],
    });
    expect(errors(productLineSchema, { ...line, recurrence_id: 3, end_date: '2026-01-16' })).toEqual({});
    expect(errors(productLineSchema, { ...line, recurrence_id: 3, end_date: '2026-01-15' })).toEqual({
      end_date: ['The end date must be at least 15 days after the service date'],
    });
    expect(errors(productLineSchema, { ...line, end_date: '2032-01-02' })).toEqual({
      end_date: ['The end date must be within 5 years of the service date'],
    });
  });

  it('prices are exact text with cents; thousands separators removed; quantity whole and positive', () => {
    const v = productLineSchema.parse({ ...line, sale_price: '1,234.5', quantity: '3' });
    expect(v.sale_price).toBe('1234.50');
    expect(v.quantity).toBe(3);
    expect(v.unit_measure).toBeNull();
    expect(errors(productLineSchema, { ...line, quantity: 0 })).toEqual({
      quantity: ['The quantity must be greater than 0'],
    });
    expect(errors(productLineSchema, { ...line, quantity: 1.5 })).toEqual({
      quantity: ['The quantity must be integer'],
    });
    expect(errors(productLineSchema, { ...line, sale_price: 'abc' })).toEqual({
      sale_price: ['Sale price must be a number'],
    });
    expect(errors(productLineSchema, { ...line, unit_measure: 'Bucket' })).toEqual({
      unit_measure: ['Select a valid unit measure'],
    });
  });

  it('the update schema takes any subset of fields', () => {
    expect(productLineUpdateSchema.parse({ quantity: 4 })).toEqual({ quantity: 4 });
    expect(errors(productLineUpdateSchema, { quantity: null })).toEqual({ quantity: ['Quantity is required'] });
  });
});

describe('service schemas', () => {
  it('edit and clone: Date, Sale price and Quantity messages', () => {
    const expected = {
      date: ['Date is required'],
      sale_price: ['Sale price is required'],
      amount_remmited: ['Quantity is required'],
    };
    expect(errors(serviceEditSchema, { product_id: 1 })).toEqual(expected);
    expect(errors(serviceCloneSchema, { product_id: 1, order_product_id: 2 })).toEqual(expected);
    expect(errors(serviceUpdateSchema, { date: '', sale_price: null, amount_remmited: '' })).toEqual(expected);
  });

  it('update: absent fields stay absent', () => {
    expect(serviceUpdateSchema.parse({ amount_remmited: 3 })).toEqual({ amount_remmited: 3 });
  });

  it('clone: percentage required when added, client-sent totals are dropped', () => {
    const base = { product_id: 1, order_product_id: 2, date: '2026-03-01', amount_remmited: 1, sale_price: 10 };
    expect(errors(serviceCloneSchema, { ...base, added_percentage: true })).toEqual({
      percentage: ['Percentage is required'],
    });
    const v = serviceCloneSchema.parse({ ...base, adjusted_sale_price: 999, tax_amount: 5 });
    expect(v).not.toHaveProperty('adjusted_sale_price');
    expect(v).not.toHaveProperty('tax_amount');
  });
});

describe('expiration and note schemas', () => {
  it('Date and Note required; Yellow date required when yellow', () => {
    expect(errors(expirationSchema, {})).toEqual({ date: ['Date is required'], note: ['Note is required'] });
    expect(
      errors(expirationSchema, { date: '2026-05-01', note: 'CMN renewal', yellow: true, yellow_date: '' }),
    ).toEqual({
      yellow_date: ['Yellow date is required'],
    });
    expect(expirationSchema.parse({ date: '2026-05-01', note: 'x', yellow: false, waiver: true })).toEqual({
      date: '2026-05-01',
      note: 'x',
      yellow: false,
      yellow_date: null,
      waiver: true,
    });
  });

  it('update accepts solved with a colour', () => {
    expect(expirationUpdateSchema.parse({ solved: true, color: 'yellow' })).toEqual({ solved: true, color: 'yellow' });
    expect(errors(expirationUpdateSchema, { color: 'blue' })).toEqual({ color: ['Select a valid colour'] });
  });

  it('call note body is required and bounded', () => {
    expect(errors(callNoteSchema, { body: '  ' })).toEqual({ body: ['Body is required'] });
    expect(errors(callNoteSchema, { body: 'x'.repeat(5001) })).toEqual({
      body: ['Ensure this field has no more than 5000 characters.'],
    });
  });
});
