import { z } from 'zod';
import { isWireDate } from '../common/dates.ts';
import { FIELD_MESSAGES } from '../common/fields.ts';
import { DATE_RANGES } from './rules.ts';

export const REPORT_MESSAGES = {
  rangeRequired: 'Choose a start and end date, or a date range',
  startAfterEnd: 'The start date cannot be after the end date',
  failed: 'The request could not be processed',
} as const;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isWireDate(v), FIELD_MESSAGES.invalidDate);

/**
 * GET /api/end_year_report/: explicit dates, or a preset resolved on the server. A preset wins
 * when both are sent (choosing one clears the other on the screen).
 */
export const endYearReportQuerySchema = z
  .object({
    start_date: optionalDate,
    end_date: optionalDate,
    date_range: z
      .enum(DATE_RANGES)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((q, ctx) => {
    if (q.date_range) return;
    if (!q.start_date || !q.end_date) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: REPORT_MESSAGES.rangeRequired });
    } else if (q.start_date > q.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: REPORT_MESSAGES.startAfterEnd });
    }
  });
export type EndYearReportQuery = z.input<typeof endYearReportQuerySchema>;

/** The twelve figures of the report (spec part 3 section 3), plus the period they cover. */
export const endYearReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  total_sales: z.number(),
  taxable_sales: z.number(),
  sales_tax_collected: z.number(),
  remitted: z.number(),
  accounts_receivable: z.number(),
  write_off: z.number(),
  total_sales_shipped: z.number(),
  taxable_sales_shipped: z.number(),
  sales_tax_collected_shipped: z.number(),
  remmited_shipped: z.number(),
  accounts_receivable_shipped: z.number(),
  write_off_shipped: z.number(),
});
export type EndYearReport = z.infer<typeof endYearReportSchema>;
