import { parsePriceListCsv } from '../rentals/fee-files.ts';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { microToString, sumDecimals, toMicro } from './decimal.ts';
import {
  CHECK_AMOUNT_MAX,
  fitsColumn,
  MONEY_COLUMNS,
  OCCURRENCE_SERVICES_ASSUMED,
  PERCENTAGE_MAX,
  PRICE_MAX,
  QUANTITY_MAX,
  RANGE_MESSAGES,
  SERVICE_AMOUNT_MAX,
  TAX_RATE_MAX,
  type MoneyColumn,
} from './money.ts';
import { writeOffServiceSchema } from '../billing/schemas.ts';
import { adjustedPrice, serviceAmounts, type ServicePrices } from '../orders/rules.ts';
import {
  ORDER_MESSAGES,
  productLineSchema,
  serviceCloneSchema,
  serviceEditSchema,
  serviceUpdateSchema,
} from '../orders/schemas.ts';
import { priceVariantSchema, productCreateSchema, updateQuantitySchema } from '../products/schemas.ts';
import { checkSchema, originalAmountSchema, postedServiceSchema } from '../remittance/schemas.ts';

/**
 * No input the schemas accept overflows a column: every accepted price, quantity, percentage and
 * amount, everything the rules compute from them (adjusted price, line total, tax at any rate up
 * to TAX_RATE_MAX, what the invoice then owes), and the sums one occurrence's invoice and
 * payments keep over up to OCCURRENCE_SERVICES_ASSUMED services, fit MONEY_COLUMNS (the
 * migrated database's types; apps/server/src/db/money-columns.test.ts holds the two together).
 */

const checked = new Set<MoneyColumn>();

function expectFits(column: MoneyColumn, value: string | number): void {
  checked.add(column);
  expect(fitsColumn(column, value), `${column} = ${value}`).toBe(true);
}

afterAll(() => {
  // Every column of the table is proven by some property here.
  expect([...checked].sort()).toEqual(Object.keys(MONEY_COLUMNS).sort());
});

const centsText = (cents: bigint) => microToString(cents * 10_000n, 2);
const thousandthsText = (t: bigint) => microToString(t * 1_000n, 3);

/** Prices as people and clients send them: in range, at the edges, past them, and odd shapes. */
const priceInput = fc.oneof(
  fc.bigInt({ min: 0n, max: 99_999_999n }).map(centsText),
  fc.bigInt({ min: 0n, max: 10n ** 15n }).map(centsText),
  fc.double({ min: 0, max: 2_000_000, noNaN: true }),
  fc.constantFrom<string | number>(
    PRICE_MAX,
    '999,999.99',
    999_999.99,
    '999999.994',
    '999999.995',
    '$ 999,999.99',
    '1,000,000',
    1_000_000,
    '9999999999.99',
    CHECK_AMOUNT_MAX,
    SERVICE_AMOUNT_MAX,
    1e15,
  ),
);

const quantityInput = fc.oneof(
  fc.integer({ min: 1, max: QUANTITY_MAX }),
  fc.integer({ min: 1, max: 2 ** 31 }),
  fc.constantFrom<string | number>(QUANTITY_MAX, '99,999', '99999.00', 100_000, '100,000', 2_147_483_647),
);

/** Percentages: none, in range, at 1000 and just past it (after rounding to 3 decimals). */
const percentageInput = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: 0n, max: 1_000_000n }).map(thousandthsText),
  fc.double({ min: 0, max: 2000, noNaN: true }),
  fc.constantFrom<string | number>(PERCENTAGE_MAX, '1000.000', '999.9995', '1000.0004', '1000.0005', 1000.001),
);

/** The configured sales-tax rate: 0 to TAX_RATE_MAX, to the micro-unit. */
const taxRate = fc.bigInt({ min: 0n, max: toMicro(TAX_RATE_MAX) }).map((m) => microToString(m, 6));

/** A service's own prices within the ranges (what an accepted line or edit stores). */
const acceptedServicePrices = fc.record({
  sale_price: fc.oneof(fc.constant(PRICE_MAX), fc.bigInt({ min: 0n, max: 99_999_999n }).map(centsText)),
  percentage: fc.oneof(fc.constant('1000.000'), fc.bigInt({ min: 0n, max: 1_000_000n }).map(thousandthsText)),
  added_percentage: fc.boolean(),
  tax_applied: fc.boolean(),
  quantity: fc.oneof(fc.constant(QUANTITY_MAX), fc.integer({ min: 1, max: QUANTITY_MAX })),
});

/** What a service owes once invoiced: line total + tax (its outstanding before any payment). */
function serviceCharge(prices: ServicePrices, rate: string): string {
  const { total, tax_amount } = serviceAmounts(prices, rate);
  return sumDecimals([total, tax_amount]);
}

/**
 * The columns of one service and of a remittance line on it: its prices and computed amounts,
 * and everything that splits what it owes (outstanding, remitted, adjusted, written off).
 */
function expectServiceFits(prices: ServicePrices, rate: string): void {
  const amounts = serviceAmounts(prices, rate);
  expectFits('services.sale_price', prices.sale_price);
  expectFits('services.percentage', prices.percentage);
  expectFits('services.quantity', prices.quantity);
  expectFits('services.adjusted_sale_price', amounts.adjusted_sale_price);
  expectFits('services.total', amounts.total);
  expectFits('services.tax_amount', amounts.tax_amount);
  // A claim line bills the service's total (before tax) for its quantity.
  expectFits('claim_lines.charge', amounts.total);
  expectFits('claim_lines.units', prices.quantity);
  const charge = sumDecimals([amounts.total, amounts.tax_amount]);
  for (const column of [
    'services.outstanding',
    'services.remitted',
    'services.amount_ajusted',
    'services.write_off',
    'remittance_payment_lines.outstanding_before',
    'remittance_payment_lines.applied',
    'remittance_payment_lines.adjusted',
    'remittance_payment_lines.written_off',
    // An 835 moves part of the outstanding to the patient, or denies the line's charge.
    'services.patient_responsibility',
    'remittance_payment_lines.patient_responsibility',
    'denials.amount',
    // What a payer allowed on a line and what was expected are at most its charge's size (issue 33).
    'remittance_payment_lines.allowed',
    'remittance_payment_lines.expected',
  ] as const) {
    expectFits(column, charge);
  }
}

const RUNS = { numRuns: 300 };

describe('fitsColumn', () => {
  it('reads numeric(p, s) and integer the way PostgreSQL stores them', () => {
    expect(fitsColumn('checks.total_amount', '9999999999.99')).toBe(true);
    expect(fitsColumn('checks.total_amount', '9999999999.995')).toBe(false);
    expect(fitsColumn('checks.total_amount', '10000000000')).toBe(false);
    // The largest price a payer's price list reads (ten digits, two decimals) and the largest
    // percent of Medicare a payer takes (1,000) fit their columns (issue 33).
    expectFits(
      'vendor_prices.price',
      parsePriceListCsv('hcpcs,modifiers,price,effective_date\nE0601,RR,9999999999.99,2026-01-01\n')[0]!.price,
    );
    expectFits('vendors.pricing_percent', '1000.00');
    expect(fitsColumn('order_products.adjusted_sale_price', '999999999.999')).toBe(true);
    expect(fitsColumn('order_products.adjusted_sale_price', '1000000000')).toBe(false);
    expect(fitsColumn('services.total', '9999999999999.99')).toBe(true);
    expect(fitsColumn('services.total', '10000000000000')).toBe(false);
    expect(fitsColumn('services.quantity', 2_147_483_647)).toBe(true);
    expect(fitsColumn('services.quantity', 2_147_483_648)).toBe(false);
    expect(fitsColumn('services.quantity', '1.5')).toBe(false);
  });
});

describe('no accepted input overflows a column', () => {
  it('a product line, and every service it generates, at any tax rate', () => {
    fc.assert(
      fc.property(
        priceInput,
        quantityInput,
        percentageInput,
        fc.boolean(),
        fc.boolean(),
        taxRate,
        (sale_price, quantity, percentage, added, taxed, rate) => {
          const parsed = productLineSchema.safeParse({
            product_id: 1,
            variant: 1,
            recurrence_id: 5,
            quantity,
            sale_price,
            percentage,
            added_percentage: added && percentage !== null,
            service_date: '2026-01-01',
            end_date: '2026-03-01',
            tax_applied: taxed,
          });
          if (!parsed.success) return;
          const line = parsed.data;
          const pct = line.percentage ?? '0';
          expect(toMicro(line.sale_price) <= toMicro(PRICE_MAX)).toBe(true);
          expect(line.quantity <= QUANTITY_MAX && toMicro(pct) <= toMicro(PERCENTAGE_MAX)).toBe(true);
          expectFits('order_products.sale_price', line.sale_price);
          expectFits('order_products.percentage', pct);
          expectFits('order_products.quantity', line.quantity);
          expectFits('order_products.adjusted_sale_price', adjustedPrice(line.sale_price, pct));
          expectServiceFits(
            {
              sale_price: line.sale_price,
              percentage: pct,
              added_percentage: line.added_percentage,
              tax_applied: line.tax_applied,
              quantity: line.quantity,
            },
            rate,
          );
        },
      ),
      RUNS,
    );
  });

  it('a service edited, cloned or given a new original amount, whatever percentage it keeps', () => {
    fc.assert(
      fc.property(
        priceInput,
        quantityInput,
        percentageInput,
        acceptedServicePrices,
        taxRate,
        (sale_price, quantity, percentage, stored, rate) => {
          const edit = serviceUpdateSchema.safeParse({ sale_price, amount_remmited: quantity });
          if (edit.success) {
            expectServiceFits(
              {
                ...stored,
                sale_price: edit.data.sale_price ?? stored.sale_price,
                quantity: edit.data.amount_remmited ?? stored.quantity,
              },
              rate,
            );
          }
          const clone = serviceCloneSchema.safeParse({
            order_product_id: 1,
            product_id: 1,
            date: '2026-02-01',
            sale_price,
            amount_remmited: quantity,
            percentage,
            added_percentage: percentage !== null,
          });
          if (clone.success) {
            expectServiceFits(
              {
                ...stored,
                sale_price: clone.data.sale_price,
                percentage: clone.data.percentage ?? '0',
                added_percentage: clone.data.added_percentage,
                quantity: clone.data.amount_remmited,
              },
              rate,
            );
          }
          const original = originalAmountSchema.safeParse({ sale_price, amount_remmited: quantity });
          if (original.success) {
            expectServiceFits(
              { ...stored, sale_price: original.data.sale_price, quantity: original.data.amount_remmited },
              rate,
            );
          }
        },
      ),
      RUNS,
    );
  });

  it(`an occurrence's invoice and payments over up to ${OCCURRENCE_SERVICES_ASSUMED} services`, () => {
    const sumsFit = (charges: string[]) => {
      const sum = sumDecimals(charges);
      for (const column of [
        'invoices.amount',
        'invoices.remitted',
        'invoices.balance',
        'remittance_payments.amount_applied',
        'remittance_payments.amount_adjusted',
        'remittance_payments.write_off',
        // A claim bills the invoice's lines before tax: never more than the invoice.
        'claims.amount',
        // An ERA's totals are wider than any check (numeric(12,2)), which refuses a larger payment.
        'eras.total_paid',
        'eras.posted_total',
        'eras.unmatched_total',
      ] as const) {
        expectFits(column, sum);
      }
    };
    fc.assert(
      fc.property(
        fc.array(acceptedServicePrices, { minLength: 1, maxLength: OCCURRENCE_SERVICES_ASSUMED }),
        taxRate,
        (services, rate) => sumsFit(services.map((s) => serviceCharge(s, rate))),
      ),
      { numRuns: 50 },
    );
    // The worst case: every service at the largest price, percentage and quantity, taxed at 100 %.
    const largest: ServicePrices = {
      sale_price: PRICE_MAX,
      percentage: String(PERCENTAGE_MAX),
      added_percentage: true,
      tax_applied: true,
      quantity: QUANTITY_MAX,
    };
    expectServiceFits(largest, String(TAX_RATE_MAX));
    sumsFit(Array.from({ length: OCCURRENCE_SERVICES_ASSUMED }, () => serviceCharge(largest, String(TAX_RATE_MAX))));
  });

  it('a check, and what is applied from it', () => {
    fc.assert(
      fc.property(priceInput, (total_amount) => {
        const parsed = checkSchema.safeParse({
          check_number: 'C-1',
          check_date: '2026-01-01',
          total_amount,
          payment_method: 'Bank',
          vendor_id: 1,
        });
        if (!parsed.success) return;
        // A check is never applied past its total (a constraint of the table).
        expectFits('checks.total_amount', parsed.data.total_amount);
        expectFits('checks.applied_amount', parsed.data.total_amount);
      }),
      RUNS,
    );
  });

  it('the amounts the Remittance and Write Off dialogs send for a service', () => {
    fc.assert(
      fc.property(priceInput, priceInput, priceInput, (outstanding, amount_ajusted, write_off) => {
        for (const schema of [postedServiceSchema, writeOffServiceSchema]) {
          const parsed = schema.safeParse({ id: 1, outstanding, amount_ajusted, write_off });
          if (!parsed.success) continue;
          expectFits('services.outstanding', parsed.data.outstanding);
          expectFits('services.amount_ajusted', parsed.data.amount_ajusted);
          expectFits('services.write_off', parsed.data.write_off);
        }
      }),
      RUNS,
    );
  });

  it("a product's cost, its price variants and its stock", () => {
    fc.assert(
      fc.property(priceInput, priceInput, quantityInput, (sale_price, cost_price, quantity) => {
        const variant = { price_variant: 'General', sale_price, cost_price, unit_measure: 'Each' };
        const parsed = productCreateSchema.safeParse({
          name: 'Mask',
          internal_code: 'M-1',
          type_id: 1,
          cost_price,
          quantity,
          variants: [variant],
        });
        if (parsed.success) {
          expectFits('products.cost_price', parsed.data.cost_price);
          expectFits('products.quantity', parsed.data.quantity);
        }
        const row = priceVariantSchema.safeParse(variant);
        if (row.success) {
          expectFits('price_variants.sale_price', row.data.sale_price);
          expectFits('price_variants.cost_price', row.data.cost_price);
        }
        const stock = updateQuantitySchema.safeParse({ product_id: 1, quantity, unit_measure: 'Box' });
        if (stock.success) {
          expectFits('product_unit_quantities.quantity', stock.data.quantity);
          expectFits('products.quantity', stock.data.quantity);
        }
      }),
      RUNS,
    );
  });
});

/** Field -> messages of a failed parse (empty when it passed). */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

describe('every money and quantity field refuses a value above its range, with its message', () => {
  const line = {
    product_id: 1,
    variant: 1,
    recurrence_id: 5,
    quantity: 1,
    sale_price: 1,
    service_date: '2026-01-01',
    end_date: '2026-03-01',
  };
  const service = { product_id: 1, date: '2026-02-01', amount_remmited: 1, sale_price: 1 };
  const clone = { ...service, order_product_id: 1 };
  const check = {
    check_number: 'C-1',
    check_date: '2026-01-01',
    total_amount: 1,
    payment_method: 'Bank',
    vendor_id: 1,
  };
  const posted = { id: 1, outstanding: 0, amount_ajusted: 0, write_off: 0 };
  const variant = { price_variant: 'General', sale_price: 1, cost_price: 1, unit_measure: 'Each' };
  const product = { name: 'Mask', internal_code: 'M-1', type_id: 1, variants: [variant] };

  const cases: [string, z.ZodType, Record<string, unknown>, string, string | number, string | number, string][] = [
    // [name, schema, valid body, field, largest accepted, smallest refused, message]
    ['line price', productLineSchema, line, 'sale_price', '999,999.99', '999999.995', RANGE_MESSAGES.price],
    ['line quantity', productLineSchema, line, 'quantity', 99_999, 100_000, RANGE_MESSAGES.quantity],
    ['service price', serviceEditSchema, service, 'sale_price', 999_999.99, 1_000_000, RANGE_MESSAGES.price],
    ['service quantity', serviceUpdateSchema, service, 'amount_remmited', '99,999', '100,000', RANGE_MESSAGES.quantity],
    ['clone price', serviceCloneSchema, clone, 'sale_price', PRICE_MAX, '1000000.00', RANGE_MESSAGES.price],
    ['clone quantity', serviceCloneSchema, clone, 'amount_remmited', 99_999, 100_000, RANGE_MESSAGES.quantity],
    ['original price', originalAmountSchema, service, 'sale_price', PRICE_MAX, '1,000,000', RANGE_MESSAGES.price],
    ['original quantity', originalAmountSchema, service, 'amount_remmited', 99_999, 100_000, RANGE_MESSAGES.quantity],
    ['variant price', priceVariantSchema, variant, 'sale_price', PRICE_MAX, 1e6, RANGE_MESSAGES.price],
    ['variant cost', priceVariantSchema, variant, 'cost_price', PRICE_MAX, 1e6, RANGE_MESSAGES.price],
    ['product cost', productCreateSchema, product, 'cost_price', PRICE_MAX, 1e6, RANGE_MESSAGES.price],
    ['opening stock', productCreateSchema, product, 'quantity', 99_999, 100_000, RANGE_MESSAGES.quantity],
    ['stock', updateQuantitySchema, { product_id: 1 }, 'quantity', 99_999, 100_000, RANGE_MESSAGES.quantity],
    ['check total', checkSchema, check, 'total_amount', CHECK_AMOUNT_MAX, 1e10, RANGE_MESSAGES.checkAmount],
    [
      'remit outstanding',
      postedServiceSchema,
      posted,
      'outstanding',
      SERVICE_AMOUNT_MAX,
      1e13,
      RANGE_MESSAGES.serviceAmount,
    ],
    [
      'remit adjusted',
      postedServiceSchema,
      posted,
      'amount_ajusted',
      SERVICE_AMOUNT_MAX,
      1e13,
      RANGE_MESSAGES.serviceAmount,
    ],
    ['write-off', writeOffServiceSchema, posted, 'write_off', SERVICE_AMOUNT_MAX, 1e13, RANGE_MESSAGES.serviceAmount],
  ];

  it.each(cases)('%s', (_name, schema, body, field, largest, refused, message) => {
    expect(errors(schema, { ...body, [field]: largest })).toEqual({});
    expect(errors(schema, { ...body, [field]: refused })).toEqual({ [field]: [message] });
  });

  it('writes the messages in the style of the other range messages', () => {
    expect(RANGE_MESSAGES).toEqual({
      price: 'Ensure this value is less than or equal to 999999.99.',
      quantity: 'Ensure this value is less than or equal to 99999.',
      checkAmount: 'Ensure this value is less than or equal to 9999999999.99.',
      serviceAmount: 'Ensure this value is less than or equal to 9999999999999.99.',
    });
    expect(errors(productLineSchema, { ...line, added_percentage: true, percentage: '1000.0005' })).toEqual({
      percentage: [ORDER_MESSAGES.percentageRange],
    });
  });
});
