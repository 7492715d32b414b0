import { z } from 'zod';
import { describeCategory } from './rules.ts';
import { dateField } from '../common/fields.ts';

/** Texts of the fee schedule's import and the payment category field (issue 33). */
export const FEE_SCHEDULE_MESSAGES = {
  fileRequired: 'Choose the DMEPOS fee schedule file (a CSV such as DMEPOS_JAN.csv)',
  effectiveDateRequired: 'Effective date is required',
  categoryInvalid: 'Select a valid payment category',
  imported: 'The fee schedule has been imported',
} as const;

/**
 * The payment categories (CATG) of the CMS DMEPOS fee schedule with their words (CMS "DMEREAD"),
 * in the product form's order: the choices of a product's category set by hand.
 */
export const PAYMENT_CATEGORY_OPTIONS = (
  ['CR', 'OX', 'FS', 'IN', 'SU', 'PO', 'OS', 'SD', 'TE', 'LC', 'SC', 'TS', 'IL', 'PE'] as const
).map((code) => ({ code, words: describeCategory(code) }));

/** A product's payment category set by hand: two capital letters; null, '' or not sent clear it. */
export const paymentCategoryField = z
  .union([z.string(), z.null()], { error: FEE_SCHEDULE_MESSAGES.categoryInvalid })
  .transform((v) => (v === null ? null : v.trim().toUpperCase() || null))
  .refine((v) => v === null || /^[A-Z]{2}$/.test(v), FEE_SCHEDULE_MESSAGES.categoryInvalid);

/** Where a product's payment category comes from: set on the product, or its code's row in the schedule. */
export const PAYMENT_CATEGORY_SOURCES = ['product', 'fee_schedule'] as const;
export type PaymentCategorySource = (typeof PAYMENT_CATEGORY_SOURCES)[number];

/** The fields of POST /reference/fee_schedule/ beside its files. */
export const feeScheduleImportFieldsSchema = z.object({
  effective_date: dateField(FEE_SCHEDULE_MESSAGES.effectiveDateRequired),
});
export type FeeScheduleImportFields = z.output<typeof feeScheduleImportFieldsSchema>;

/** A fee schedule as GET and POST /reference/fee_schedule/ answer it. */
export const feeScheduleSchema = z.object({
  id: z.number(),
  effective_date: z.string(),
  /** "2025 Q1". */
  quarter: z.string(),
  source: z.string(),
  row_count: z.number(),
  zip_count: z.number(),
  created: z.string(),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** "2025-04-01" -> "2025 Q2". */
export function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)} Q${Math.ceil(month / 3)}`;
}
