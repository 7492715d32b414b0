import { z } from 'zod';
import dayjs from 'dayjs';
import {
  dateField,
  FIELD_MESSAGES,
  idField,
  moneyField as money,
  optionalDateField,
  optionalText,
  requiredText,
} from '../common/fields.ts';
import { PERCENTAGE_MAX, RANGE_MESSAGES } from '../common/money.ts';
import { parseQuantity, UNIT_MEASURES, type UnitMeasure } from '../products/rules.ts';
import { DATE_RULE_MESSAGES, parsePercentage, productLineDateProblem } from './rules.ts';
import { optionalModifiersField } from '../claims/schemas.ts';

/** Texts of the orders area, exactly as the spec writes them (plus the server's own). */
export const ORDER_MESSAGES = {
  patientRequired: 'Patient is required',
  deliveryRequired: 'Delivery is required',
  nameRequired: 'Order name is required',
  productRequired: 'Product is required',
  variantRequired: 'Price variant is required',
  variantNotOfProduct: 'The price variant does not belong to the product',
  recurrenceRequired: 'Recurrence is required',
  quantityRequired: 'Quantity is required',
  quantityInteger: 'The quantity must be integer',
  quantityPositive: 'The quantity must be greater than 0',
  quantityTooLarge: RANGE_MESSAGES.quantity,
  lineSalePriceRequired: 'Sale Price is required',
  salePriceRequired: 'Sale price is required',
  salePriceNumber: 'Sale price must be a number',
  priceNegative: FIELD_MESSAGES.priceNegative,
  priceTooLarge: RANGE_MESSAGES.price,
  percentageRequired: 'Percentage is required',
  percentageNumber: 'Percentage must be a number',
  percentageRange: `The percentage must be between 0 and ${PERCENTAGE_MAX}`,
  serviceDateRequired: 'Service date is required',
  endDateRequired: 'End date is required',
  dateRequired: 'Date is required',
  invalidDate: FIELD_MESSAGES.invalidDate,
  spanTooLong: 'The end date must be within 5 years of the service date',
  noteRequired: 'Note is required',
  yellowDateRequired: 'Yellow date is required',
  bodyRequired: 'Body is required',
  productLineRequired: 'Product line is required',
  tooLong: FIELD_MESSAGES.tooLong,
  // Refusals answered by the server ({error} or field errors).
  orderShipped: 'You cannot delete this order because one or more of the occurrences are marked as Shipped.',
  serviceShippedChange: 'A shipped service cannot be changed',
  serviceShippedDelete: 'A shipped service cannot be deleted',
  occurrenceShipped: 'The occurrence of that date is already shipped',
  // Notifications of the screens (spec part 2 section 8).
  orderDeleteFailed: 'You cannot delete this order because one or more of the occurrences are marked as Shipped',
  orderDeleted: 'The order has been deleted!',
  orderUpdated: 'The order has been update!',
  updated: 'Updated successfully!',
  created: 'Created successfully!',
  productAdded: 'The product has been added!',
  serviceDeleted: 'Service deleted successfully.',
  serviceCloned: 'Service cloned successfully.',
  serviceUpdated: 'Service updated successfully.',
  serviceDeleteFailed: 'Service delete failed.',
  serviceCloneFailed: 'Service clone failed.',
  serviceUpdateFailed: 'Service updated failed.',
  expirationAdded: 'The expiration was added succesfully!',
  expirationUpdated: 'The expiration was updated succesfully!',
  expirationDeleted: 'Expiration deleted successfully.',
  expirationCreated: 'The expiration has been created!',
  occurrencePoAdded: 'The Ocurrence Po was added successfully',
  cloneConfirm: 'Do you want to clone this order?',
  noOrderName: 'No Order Name',
} as const;

const M = ORDER_MESSAGES;

/** Longest span of a product line, so one line never generates an unbounded number of services. */
export const MAX_LINE_SPAN_YEARS = 5;
export const CALL_NOTE_MAX = 5000;
export const ORDER_NOTES_MAX = 20000;
export const DEFAULT_ORDER_STATUS_ID = 1;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const flag = (fallback = false) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/** A money field: thousands separators removed, rounded to cents, kept as exact text. */
const moneyField = (requiredMessage: string) => money({ required: requiredMessage, number: M.salePriceNumber });

/** A whole quantity from 1 to QUANTITY_MAX. */
function quantityField() {
  return z
    .unknown()
    .optional()
    .transform((input, ctx): number => {
      const parsed = parseQuantity(input);
      if (parsed.ok && parsed.value >= 1) return parsed.value;
      const message = parsed.ok
        ? M.quantityPositive
        : {
            empty: M.quantityRequired,
            not_integer: M.quantityInteger,
            negative: M.quantityPositive,
            too_large: M.quantityTooLarge,
          }[parsed.reason];
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/** A percentage between 0 and PERCENTAGE_MAX, kept to 3 decimals; empty means "none" (null). */
const percentageField = z
  .unknown()
  .optional()
  .transform((input, ctx): string | null => {
    if (isBlank(input)) return null;
    const parsed = parsePercentage(input);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.reason === 'invalid' ? M.percentageNumber : M.percentageRange });
      return z.NEVER;
    }
    return parsed.value;
  });

const unitMeasureField = z
  .enum(UNIT_MEASURES, { error: 'Select a valid unit measure' })
  .nullish()
  .transform((v): UnitMeasure | null => v ?? null);

// ---------------------------------------------------------------- orders

const orderFields = {
  patient_id: idField(M.patientRequired),
  delivery_id: idField(M.deliveryRequired),
  name: requiredText(M.nameRequired, 150),
  status_id: idField('Select a valid status')
    .nullish()
    .transform((v) => v ?? DEFAULT_ORDER_STATUS_ID),
  po_number: optionalText(60),
  patient_notes: optionalText(ORDER_NOTES_MAX),
  office_notes: optionalText(ORDER_NOTES_MAX),
  /** Empty means today (the server fills it). */
  expired_at: optionalDateField,
  customer_approved: flag(),
};

/** POST /orders/ (and the create form). */
export const orderCreateSchema = z.object(orderFields);
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreateBody = z.output<typeof orderCreateSchema>;

/**
 * PATCH /orders/{id}/: any header field. An empty order name is ignored (not saved); a patient,
 * when sent, is required.
 */
export const orderUpdateSchema = z.object({
  patient_id: orderFields.patient_id.optional(),
  delivery_id: orderFields.delivery_id.optional(),
  name: optionalText(150).transform((v) => (v ? v : undefined)),
  status_id: idField('Select a valid status').optional(),
  po_number: orderFields.po_number.optional(),
  patient_notes: orderFields.patient_notes.optional(),
  office_notes: orderFields.office_notes.optional(),
  expired_at: optionalDateField.optional(),
  customer_approved: z.boolean().optional(),
});
export type OrderUpdateBody = z.output<typeof orderUpdateSchema>;

// ---------------------------------------------------------------- product lines

const productLineFields = {
  product_id: idField(M.productRequired),
  variant: idField(M.variantRequired),
  recurrence_id: idField(M.recurrenceRequired),
  quantity: quantityField(),
  sale_price: moneyField(M.lineSalePriceRequired),
  percentage: percentageField,
  added_percentage: flag(),
  service_date: dateField(M.serviceDateRequired),
  end_date: dateField(M.endDateRequired),
  tax_applied: flag(),
  nutritional: flag(),
  locked_price: flag(),
  /** Empty means the variant's unit measure. */
  unit_measure: unitMeasureField,
  /** Claim modifiers of this line: null (or not sent) bills the product's own. */
  modifiers: optionalModifiersField,
  /** A rental (monthly) or a purchase; null (or not sent) follows the product's payment category (issue 33). */
  rental: z.boolean().nullable().optional(),
  /** The rental month of the line's first service: a patient transferred from another supplier. */
  rental_start_month: z.coerce
    .number({ error: 'Enter a month from 1 to 99' })
    .int('Enter a month from 1 to 99')
    .min(1, 'Enter a month from 1 to 99')
    .max(99, 'Enter a month from 1 to 99')
    .optional(),
};

export interface LineRuleInput {
  recurrence_id: number;
  service_date: string;
  end_date: string;
  added_percentage: boolean;
  percentage: string | null;
}

/**
 * Cross-field rules of a product line: the percentage when a percentage is added, the spec's date
 * rules (the service date message on service_date, the span message on end_date) and the
 * longest span. Returns field errors (empty when the line is acceptable).
 */
export function productLineProblems(line: LineRuleInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (line.added_percentage && line.percentage === null) errors.percentage = [M.percentageRequired];
  const problem = productLineDateProblem(line.service_date, line.end_date, line.recurrence_id);
  if (problem === DATE_RULE_MESSAGES.serviceAfterEnd) errors.service_date = [problem];
  else if (problem) errors.end_date = [problem];
  else if (dayjs(line.end_date).isAfter(dayjs(line.service_date).add(MAX_LINE_SPAN_YEARS, 'year'), 'day')) {
    errors.end_date = [M.spanTooLong];
  }
  return errors;
}

function addProblems(issues: Record<string, string[]>, ctx: z.RefinementCtx) {
  for (const [field, messages] of Object.entries(issues)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', message, path: [field] });
  }
}

/** POST /orders/{id}/products/ and the add/edit product-line dialog. */
export const productLineSchema = z
  .object(productLineFields)
  .superRefine((line, ctx) => addProblems(productLineProblems(line), ctx));
export type ProductLineInput = z.input<typeof productLineSchema>;
export type ProductLineBody = z.output<typeof productLineSchema>;

/** PATCH of a line: any field; the server merges it with the saved line and checks the rules again. */
export const productLineUpdateSchema = z.object(productLineFields).partial();
export type ProductLineUpdateBody = z.output<typeof productLineUpdateSchema>;

// ---------------------------------------------------------------- services

const serviceFields = {
  product_id: idField(M.productRequired),
  date: dateField(M.dateRequired),
  amount_remmited: quantityField(),
  sale_price: moneyField(M.salePriceRequired),
  locked_price: flag(),
};

/** The service edit dialog: all fields required. */
export const serviceEditSchema = z.object(serviceFields);
export type ServiceEditInput = z.input<typeof serviceEditSchema>;

/** PATCH /services/{id}/: any of the edit fields. */
export const serviceUpdateSchema = z
  .object({
    ...serviceFields,
    locked_price: z.boolean().optional(),
  })
  .partial();
export type ServiceUpdateBody = z.output<typeof serviceUpdateSchema>;

/**
 * POST /clone_service/: the edit fields plus the line and the price flags. Client-sent adjusted
 * price and tax are accepted but ignored: the server computes them.
 */
export const serviceCloneSchema = z
  .object({
    ...serviceFields,
    order_product_id: idField(M.productLineRequired),
    percentage: percentageField,
    added_percentage: flag(),
  })
  .superRefine((s, ctx) => {
    if (s.added_percentage && s.percentage === null)
      ctx.addIssue({ code: 'custom', message: M.percentageRequired, path: ['percentage'] });
  });
export type ServiceCloneInput = z.input<typeof serviceCloneSchema>;
export type ServiceCloneBody = z.output<typeof serviceCloneSchema>;

// ---------------------------------------------------------------- occurrences and call notes

export const occurrenceUpdateSchema = z.object({ po_number: optionalText(60) });
export type OccurrenceUpdateBody = z.output<typeof occurrenceUpdateSchema>;

export const callNoteSchema = z.object({ body: requiredText(M.bodyRequired, CALL_NOTE_MAX) });
export type CallNoteBody = z.output<typeof callNoteSchema>;

// ---------------------------------------------------------------- expirations

const expirationFields = {
  date: dateField(M.dateRequired),
  note: requiredText(M.noteRequired, CALL_NOTE_MAX),
  yellow: flag(),
  yellow_date: optionalDateField,
  waiver: flag(),
};

/** Yellow date is required when the expiration is flagged yellow. */
export function expirationProblems(e: { yellow: boolean; yellow_date: string | null }): Record<string, string[]> {
  return e.yellow && !e.yellow_date ? { yellow_date: [M.yellowDateRequired] } : {};
}

/** POST /orders/{id}/expirations/ and the expiration dialog. */
export const expirationSchema = z
  .object(expirationFields)
  .superRefine((e, ctx) => addProblems(expirationProblems(e), ctx));
export type ExpirationInput = z.input<typeof expirationSchema>;
export type ExpirationBody = z.output<typeof expirationSchema>;

export const EXPIRATION_COLORS = ['red', 'yellow'] as const;
export type ExpirationColor = (typeof EXPIRATION_COLORS)[number];

/**
 * PATCH /expirations/{id}/: any field, plus the Solved switch (`solved` with the `color` whose
 * date it stamps or clears; red when no colour is sent).
 */
export const expirationUpdateSchema = z.object({
  date: expirationFields.date.optional(),
  note: expirationFields.note.optional(),
  yellow: z.boolean().optional(),
  yellow_date: optionalDateField.optional(),
  waiver: z.boolean().optional(),
  solved: z.boolean().optional(),
  color: z
    .enum(EXPIRATION_COLORS, { error: 'Select a valid colour' })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type ExpirationUpdateBody = z.output<typeof expirationUpdateSchema>;
