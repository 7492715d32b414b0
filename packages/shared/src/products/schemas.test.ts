import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  PRODUCT_MESSAGES,
  priceVariantSchema,
  productCreateSchema,
  productUpdateSchema,
  updateQuantitySchema,
} from './schemas.ts';

/** The `{ field: [messages] }` map the server answers with 422, built from a failed parse. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const variant = {
  price_variant: 'General',
  description: 'Retail',
  sale_price: '1,299.90',
  cost_price: 850,
  unit_measure: 'Each',
};
const product = { name: 'AirFit F20 Mask', internal_code: 'A7030-RS-M', type_id: '1', variants: [variant] };

describe('productCreateSchema', () => {
  it('gives every required field its spec message', () => {
    expect(fieldErrors(productCreateSchema.safeParse({}))).toEqual({
      name: ['Name is required'],
      internal_code: ['Internal code is required'],
      type_id: ['Type is required'],
      variants: ['Must be have a price variant the at least'],
    });
    expect(
      fieldErrors(productCreateSchema.safeParse({ name: '  ', internal_code: '', type_id: '', variants: [] })),
    ).toEqual({
      name: ['Name is required'],
      internal_code: ['Internal code is required'],
      type_id: ['Type is required'],
      variants: ['Must be have a price variant the at least'],
    });
  });

  it('parses a valid form, removing thousands separators from prices', () => {
    const parsed = productCreateSchema.parse({
      ...product,
      cost_price: '2,450.5',
      quantity: '12',
      categories: ['3', 4],
    });
    expect(parsed).toMatchObject({
      name: 'AirFit F20 Mask',
      description: '',
      internal_code: 'A7030-RS-M',
      type_id: 1,
      cost_price: '2450.50',
      quantity: 12,
      categories: [3, 4],
    });
    expect(parsed.variants[0]).toEqual({
      id: null,
      price_variant: 'General',
      description: 'Retail',
      sale_price: '1299.90',
      cost_price: '850.00',
      unit_measure: 'Each',
    });
  });

  it('defaults quantity and cost price, and categories to none', () => {
    const parsed = productCreateSchema.parse(product);
    expect(parsed.quantity).toBe(0);
    expect(parsed.cost_price).toBe('0.00');
    expect(parsed.categories).toEqual([]);
  });

  it('requires an integer quantity on create', () => {
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, quantity: '2.5' }))).toEqual({
      quantity: ['The quantity must be integer'],
    });
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, quantity: 'ten' }))).toEqual({
      quantity: ['The quantity must be integer'],
    });
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, quantity: -2 }))).toEqual({
      quantity: ['The quantity cannot be negative'],
    });
  });

  it('requires the cost price to be a number', () => {
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, cost_price: '12,34' }))).toEqual({
      cost_price: ['Cost price must be a number'],
    });
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, cost_price: 'free' }))).toEqual({
      cost_price: ['Cost price must be a number'],
    });
  });

  it('refuses bad category ids', () => {
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, categories: ['x'] }))).toEqual({
      'categories.0': ['Select a valid category'],
    });
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, categories: 'nope' }))).toEqual({
      categories: ['Select a valid category'],
    });
  });

  it('reports each variant problem under its index', () => {
    const result = productCreateSchema.safeParse({ ...product, variants: [variant, {}] });
    expect(fieldErrors(result)).toEqual({
      'variants.1.price_variant': ['Price variant is required'],
      'variants.1.sale_price': ['Sale price is required'],
      'variants.1.cost_price': ['Cost price is required'],
      'variants.1.unit_measure': ['Unit measure is required'],
    });
    expect(fieldErrors(productCreateSchema.safeParse({ ...product, variants: 'x' }))).toEqual({
      variants: [PRODUCT_MESSAGES.variantsRequired],
    });
  });
});

describe('priceVariantSchema', () => {
  it('uses the spec messages for empty fields', () => {
    expect(
      fieldErrors(
        priceVariantSchema.safeParse({ price_variant: '', sale_price: '', cost_price: '', unit_measure: '' }),
      ),
    ).toEqual({
      price_variant: ['Price variant is required'],
      sale_price: ['Sale price is required'],
      cost_price: ['Cost price is required'],
      unit_measure: ['Unit measure is required'],
    });
  });

  it('refuses values outside the option lists and non-numeric prices', () => {
    expect(
      fieldErrors(
        priceVariantSchema.safeParse({
          ...variant,
          price_variant: 'Medicaid',
          unit_measure: 'Dozen',
          sale_price: 'abc',
          cost_price: '-1',
        }),
      ),
    ).toEqual({
      price_variant: ['Select a valid price variant'],
      unit_measure: ['Select a valid unit measure'],
      sale_price: ['Sale price must be a number'],
      cost_price: ['The price cannot be negative'],
    });
  });

  it('accepts every option list value and any price in cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('General', 'Cash', 'Waiver', 'Iowa', 'Arkansas', 'MoHealth', 'Medicare'),
        fc.constantFrom('Bag', 'Box', 'Case', 'Each', 'Hours', 'Pack'),
        fc.integer({ min: 0, max: 99_999_999 }),
        (option, unit, cents) => {
          const text = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
          const parsed = priceVariantSchema.parse({
            price_variant: option,
            unit_measure: unit,
            sale_price: text,
            cost_price: cents / 100,
          });
          expect(Number(parsed.sale_price)).toBeCloseTo(cents / 100, 2);
          expect(parsed.sale_price).toBe(parsed.cost_price);
        },
      ),
    );
  });
});

describe('productUpdateSchema', () => {
  it('leaves absent fields out (a partial update)', () => {
    expect(productUpdateSchema.parse({})).toEqual({});
    expect(productUpdateSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
  });

  it('still refuses empty required fields and an empty variant list', () => {
    expect(fieldErrors(productUpdateSchema.safeParse({ name: '', internal_code: ' ', variants: [] }))).toEqual({
      name: ['Name is required'],
      internal_code: ['Internal code is required'],
      variants: ['Must be have a price variant the at least'],
    });
  });
});

describe('updateQuantitySchema', () => {
  it('reads the quantity-on-hand and unit-measure forms', () => {
    expect(updateQuantitySchema.parse({ product_id: 4, quantity: '15' })).toEqual({ product_id: 4, quantity: 15 });
    expect(updateQuantitySchema.parse({ product_id: '4', unit_measure: 'Box', quantity: 2, active: false })).toEqual({
      product_id: 4,
      unit_measure: 'Box',
      quantity: 2,
      active: false,
    });
  });

  it('refuses negative and fractional quantities', () => {
    expect(fieldErrors(updateQuantitySchema.safeParse({ product_id: 4, quantity: -1 }))).toEqual({
      quantity: ['The quantity cannot be negative'],
    });
    expect(fieldErrors(updateQuantitySchema.safeParse({ product_id: 4, quantity: 1.5 }))).toEqual({
      quantity: ['The quantity must be integer'],
    });
    expect(fieldErrors(updateQuantitySchema.safeParse({ quantity: 1 }))).toEqual({
      product_id: ['Product is required'],
    });
  });
});
