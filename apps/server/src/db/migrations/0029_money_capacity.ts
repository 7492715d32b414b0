import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Money columns wide enough for what the schemas accept (issue 28; packages/shared
 * common/money.ts). The largest unit price (999,999.99) with the largest percentage (1000 %)
 * is 10,999,999.89 a unit; times the largest quantity (99,999) a line totals about 1.1 * 10^12,
 * and with a tax rate of up to 100 % a service owes about 2.2 * 10^12: past numeric(12,2), so a
 * service's money and a payment line's take numeric(15,2). An invoice and a payment sum the
 * services of one occurrence: numeric(18,2) holds a thousand services at that size (a payment
 * at numeric(12,2) could not even sum two). Prices, the adjusted price and checks keep their
 * types, which already hold their ranges.
 *
 * Widening a numeric's precision at the same scale rewrites no row; only the partial indexes
 * whose predicates read `outstanding` and `balance` are rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE services
      ALTER COLUMN total TYPE numeric(15,2),
      ALTER COLUMN tax_amount TYPE numeric(15,2),
      ALTER COLUMN outstanding TYPE numeric(15,2),
      ALTER COLUMN remitted TYPE numeric(15,2),
      ALTER COLUMN amount_ajusted TYPE numeric(15,2),
      ALTER COLUMN write_off TYPE numeric(15,2);
    ALTER TABLE remittance_payment_lines
      ALTER COLUMN outstanding_before TYPE numeric(15,2),
      ALTER COLUMN applied TYPE numeric(15,2),
      ALTER COLUMN adjusted TYPE numeric(15,2),
      ALTER COLUMN written_off TYPE numeric(15,2);
    ALTER TABLE remittance_payments
      ALTER COLUMN amount_applied TYPE numeric(18,2),
      ALTER COLUMN amount_adjusted TYPE numeric(18,2),
      ALTER COLUMN write_off TYPE numeric(18,2);
    ALTER TABLE invoices
      ALTER COLUMN amount TYPE numeric(18,2),
      ALTER COLUMN remitted TYPE numeric(18,2),
      ALTER COLUMN balance TYPE numeric(18,2);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE invoices
      ALTER COLUMN amount TYPE numeric(14,2),
      ALTER COLUMN remitted TYPE numeric(14,2),
      ALTER COLUMN balance TYPE numeric(14,2);
    ALTER TABLE remittance_payments
      ALTER COLUMN amount_applied TYPE numeric(12,2),
      ALTER COLUMN amount_adjusted TYPE numeric(12,2),
      ALTER COLUMN write_off TYPE numeric(12,2);
    ALTER TABLE remittance_payment_lines
      ALTER COLUMN outstanding_before TYPE numeric(12,2),
      ALTER COLUMN applied TYPE numeric(12,2),
      ALTER COLUMN adjusted TYPE numeric(12,2),
      ALTER COLUMN written_off TYPE numeric(12,2);
    ALTER TABLE services
      ALTER COLUMN total TYPE numeric(12,2),
      ALTER COLUMN tax_amount TYPE numeric(12,2),
      ALTER COLUMN outstanding TYPE numeric(12,2),
      ALTER COLUMN remitted TYPE numeric(12,2),
      ALTER COLUMN amount_ajusted TYPE numeric(12,2),
      ALTER COLUMN write_off TYPE numeric(12,2);
  `,
  );
}
