import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invoiceBalance, serviceBalance, sumDecimals, type InvoicedService } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { SERVICE_BALANCE_SQL } from './invoices.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A decimal with `places` decimals between min and max units, as the database stores it. */
const decimal = (places: number, min: number, max: number) =>
  fc.integer({ min: min * 10 ** places, max: max * 10 ** places }).map((n) => (n / 10 ** places).toFixed(places));

const service = fc.record({
  sale_price: decimal(2, 0, 99_999),
  adjusted_sale_price: decimal(3, -999, 99_999),
  added_percentage: fc.boolean(),
  amount_remmited: fc.integer({ min: 1, max: 5_000 }).map(String),
  tax_amount: decimal(2, 0, 9_999),
  outstanding: fc.constant(null),
  remitted: decimal(2, 0, 99_999),
  amount_ajusted: decimal(2, 0, 999),
  write_off: decimal(2, 0, 999),
}) satisfies fc.Arbitrary<InvoicedService>;

/** The SQL balance of each service, read from the database with the columns' own types. */
async function sqlBalances(services: InvoicedService[]): Promise<string[]> {
  const rows = sql.join(
    services.map(
      (s) =>
        sql`(${s.sale_price}::numeric(12,2), ${s.adjusted_sale_price}::numeric(12,3), ${s.added_percentage}::boolean,
             ${s.amount_remmited}::integer, ${s.tax_amount}::numeric(12,2), ${s.remitted}::numeric(12,2),
             ${s.amount_ajusted}::numeric(12,2), ${s.write_off}::numeric(12,2))`,
    ),
  );
  const { rows: out } = await sql<{ balance: string }>`
    SELECT ${SERVICE_BALANCE_SQL}::text AS balance
      FROM (VALUES ${rows}) s(sale_price, adjusted_sale_price, added_percentage, quantity, tax_amount, remitted,
                              amount_ajusted, write_off)`.execute(t.db);
  return out.map((r) => r.balance);
}

it('the invoice list’s SQL balance is the shared rule, service by service and summed', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(service, { minLength: 1, maxLength: 40 }), async (services) => {
      const balances = await sqlBalances(services);
      expect(balances.map((b) => sumDecimals([b]))).toEqual(services.map(serviceBalance));
      expect(sumDecimals(balances)).toBe(invoiceBalance(services));
    }),
    { numRuns: 60 },
  );
});

it('rounds a line total to cents half away from zero, as the shared rule does', async () => {
  const edge = (adjusted: string, quantity: string): InvoicedService => ({
    sale_price: '0.00',
    adjusted_sale_price: adjusted,
    added_percentage: true,
    amount_remmited: quantity,
    tax_amount: '0.00',
    outstanding: null,
    remitted: '0.00',
    amount_ajusted: '0.00',
    write_off: '0.00',
  });
  const services = [
    edge('0.005', '1'),
    edge('0.015', '1'),
    edge('1.125', '3'),
    edge('0.333', '3'),
    edge('-0.005', '1'),
  ];
  expect(await sqlBalances(services)).toEqual(['0.01', '0.02', '3.38', '1.00', '0']);
  expect((await sqlBalances(services)).map((b) => sumDecimals([b]))).toEqual(services.map(serviceBalance));
});
