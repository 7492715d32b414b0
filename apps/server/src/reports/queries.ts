import { sql } from 'kysely';
import { resolveDateRange, todayIn, type EndYearReport } from '@dme/shared';
import type { z } from 'zod';
import type { endYearReportQuerySchema } from '@dme/shared';
import type { Db } from '../db/database.ts';

type ReportQuery = z.output<typeof endYearReportQuerySchema>;

/** The period a report covers: a preset resolved in the office's time zone, or the dates sent. */
export function reportPeriod(query: ReportQuery, timeZone: string, now = new Date()) {
  if (query.date_range) return resolveDateRange(query.date_range, todayIn(timeZone, now));
  return { start_date: query.start_date!, end_date: query.end_date! };
}

/**
 * GET /end_year_report/: over the services whose date (their occurrence's date) lies in the
 * period, one pass with exact numeric sums. "Including shipping" counts shipped services only.
 * Accounts receivable = sales + tax - remitted - adjusted - written off.
 */
export async function endYearReport(db: Db, query: ReportQuery, timeZone: string): Promise<EndYearReport> {
  const { start_date, end_date } = reportPeriod(query, timeZone);
  const row = await sql<Record<string, string>>`
    SELECT
      coalesce(sum(total), 0) AS total_sales,
      coalesce(sum(total) FILTER (WHERE tax_applied), 0) AS taxable_sales,
      coalesce(sum(tax_amount), 0) AS sales_tax_collected,
      coalesce(sum(remitted), 0) AS remitted,
      coalesce(sum(total + tax_amount - remitted - amount_ajusted - write_off), 0) AS accounts_receivable,
      coalesce(sum(write_off), 0) AS write_off,
      coalesce(sum(total) FILTER (WHERE shipped), 0) AS total_sales_shipped,
      coalesce(sum(total) FILTER (WHERE shipped AND tax_applied), 0) AS taxable_sales_shipped,
      coalesce(sum(tax_amount) FILTER (WHERE shipped), 0) AS sales_tax_collected_shipped,
      coalesce(sum(remitted) FILTER (WHERE shipped), 0) AS remmited_shipped,
      coalesce(sum(total + tax_amount - remitted - amount_ajusted - write_off) FILTER (WHERE shipped), 0)
        AS accounts_receivable_shipped,
      coalesce(sum(write_off) FILTER (WHERE shipped), 0) AS write_off_shipped
    FROM services
    WHERE date BETWEEN ${start_date}::date AND ${end_date}::date
  `.execute(db);
  const r = row.rows[0];
  const figures = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
  return { start_date, end_date, ...figures } as EndYearReport;
}
