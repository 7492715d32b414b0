import { sql } from 'kysely';
import { resolveDateRange, todayIn, type EndYearReport } from '@dme/shared';
import type { z } from 'zod';
import type { endYearReportQuerySchema } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { dayFigureSums } from './totals.ts';

type ReportQuery = z.output<typeof endYearReportQuerySchema>;

/** The period a report covers: a preset resolved in the office's time zone, or the dates sent. */
export function reportPeriod(query: ReportQuery, timeZone: string, now = new Date()) {
  if (query.date_range) return resolveDateRange(query.date_range, todayIn(timeZone, now));
  return { start_date: query.start_date!, end_date: query.end_date! };
}

/**
 * GET /end_year_report/: over the services whose date (their occurrence's date) lies in the
 * period, from the per-day sums the services' triggers keep (reports/totals.ts): one statement,
 * exact numeric sums. "Including shipping" counts shipped services only. Accounts receivable =
 * sales + tax - remitted - adjusted - written off.
 */
export async function endYearReport(db: Db, query: ReportQuery, timeZone: string): Promise<EndYearReport> {
  const { start_date, end_date } = reportPeriod(query, timeZone);
  const { rows } = await sql<Record<string, string>>`
    SELECT
      total AS total_sales,
      taxable AS taxable_sales,
      tax AS sales_tax_collected,
      remitted,
      total + tax - remitted - adjusted - write_off AS accounts_receivable,
      write_off,
      total_shipped AS total_sales_shipped,
      taxable_shipped AS taxable_sales_shipped,
      tax_shipped AS sales_tax_collected_shipped,
      remitted_shipped AS remmited_shipped,
      total_shipped + tax_shipped - remitted_shipped - adjusted_shipped - write_off_shipped
        AS accounts_receivable_shipped,
      write_off_shipped
    FROM ${dayFigureSums(start_date, end_date)}
  `.execute(db);
  const figures = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  return { start_date, end_date, ...figures } as EndYearReport;
}
