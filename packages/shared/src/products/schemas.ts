import { z } from 'zod';
import { FIELD_MESSAGES, idField, moneyField, optionalText, requiredText } from '../common/fields.ts';
import { RANGE_MESSAGES } from '../common/money.ts';
import { parseQuantity, PRICE_VARIANT_OPTIONS, UNIT_MEASURES } from './rules.ts';
import { hcpcsField, optionalModifiersField } from '../claims/schemas.ts';
import { paymentCategoryField } from '../rentals/schemas.ts';

/** Texts of the products area, exactly as the spec writes them (plus the server's own). */
export const PRODUCT_MESSAGES = {
  created: 'The product has been created!',
  updated: 'The product has been updated!',
  deleted: 'The product has been deleted!',
  cannotDelete: 'The product cannot be deleted!',
  emptyList: "THERE AREN'T PRODUCTS",
  nameRequired: 'Name is required',
  internalCodeRequired: 'Internal code is required',
  typeRequired: 'Type is required',
  quantityInteger: 'The quantity must be integer',
  quantityNegative: 'The quantity cannot be negative',
  quantityTooLarge: RANGE_MESSAGES.quantity,
  costPriceNumber: 'Cost price must be a number',
  salePriceNumber: 'Sale price must be a number',
  priceNegative: FIELD_MESSAGES.priceNegative,
  priceTooLarge: RANGE_MESSAGES.price,
  variantsRequired: 'Must be have a price variant the at least',
  variantsJson: 'Price variants must be a JSON list',
  variantUnknown: 'Price variant not found',
  variantDuplicate: 'The same price variant was sent twice',
  salePriceRequired: 'Sale price is required',
  costPriceRequired: 'Cost price is required',
  unitMeasureRequired: 'Unit measure is required',
  unitMeasureInvalid: 'Select a valid unit measure',
  priceVariantRequired: 'Price variant is required',
  priceVariantInvalid: 'Select a valid price variant',
  categoryInvalid: 'Select a valid category',
  typeInvalid: 'Select a valid type',
  productRequired: 'Product is required',
  photoImage: 'The photo must be an image',
  photoTooLarge: 'The photo must be at most 5 MB',
  photoSingle: 'Send only one photo',
  duplicateCode: 'A product with this reference number already exists.',
} as const;

const M = PRODUCT_MESSAGES;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** A whole non-negative stock quantity up to QUANTITY_MAX; `fallback` is used when the field is empty. */
export function stockQuantityField(fallback?: number) {
  return z
    .unknown()
    .optional()
    .transform((input, ctx): number => {
      const parsed = parseQuantity(input);
      if (parsed.ok) return parsed.value;
      if (parsed.reason === 'empty' && fallback !== undefined) return fallback;
      const message = {
        empty: M.quantityInteger,
        not_integer: M.quantityInteger,
        negative: M.quantityNegative,
        too_large: M.quantityTooLarge,
      }[parsed.reason];
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

export const unitMeasureSchema = z.enum(UNIT_MEASURES, {
  error: (issue) => (isBlank(issue.input) ? M.unitMeasureRequired : M.unitMeasureInvalid),
});

export const priceVariantOptionSchema = z.enum(PRICE_VARIANT_OPTIONS, {
  error: (issue) => (isBlank(issue.input) ? M.priceVariantRequired : M.priceVariantInvalid),
});

/** One row of the price-variants table (the price-variant dialog). */
export const priceVariantSchema = z.object({
  id: idField(M.variantUnknown)
    .nullish()
    .transform((v) => v ?? null),
  price_variant: priceVariantOptionSchema,
  description: optionalText(255),
  sale_price: moneyField({ required: M.salePriceRequired, number: M.salePriceNumber }),
  cost_price: moneyField({ required: M.costPriceRequired, number: M.costPriceNumber }),
  unit_measure: unitMeasureSchema,
});
export type PriceVariantInput = z.input<typeof priceVariantSchema>;
export type PriceVariantBody = z.output<typeof priceVariantSchema>;

const productFields = {
  name: requiredText(M.nameRequired, 200),
  description: optionalText(5000),
  internal_code: requiredText(M.internalCodeRequired, 60),
  type_id: idField(M.typeRequired),
  cost_price: moneyField({ required: M.costPriceNumber, number: M.costPriceNumber }, { blank: '0' }),
  categories: z.array(idField(M.categoryInvalid), { error: M.categoryInvalid }).max(20),
  variants: z.array(priceVariantSchema, { error: M.variantsRequired }).min(1, M.variantsRequired),
  /**
   * HCPCS Level II code billed for the product ("E0601"); the server checks the CMS list. Not
   * sent: none on create, kept on edit.
   */
  hcpcs_code: hcpcsField.optional(),
  /** Claim modifiers billed with it by default (["RR"], or "RR,KH" on the form); null is none. */
  modifiers: optionalModifiersField.transform((v) => (v === null ? [] : v)),
  /** The CMS payment category set by hand (CR, OX, IN...); null or '' follows the fee schedule. Not sent: none on create, kept on edit. */
  payment_category: paymentCategoryField.optional(),
  /** Needs a face-to-face encounter within the 6 months before its order (issue 34); "true"/"false" on the multipart form. Not sent: no on create, kept on edit. */
  face_to_face: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Select yes or no' }))
    .optional(),
};

/** The product form on create (the server re-validates the multipart fields with it). */
export const productCreateSchema = z.object({
  ...productFields,
  categories: productFields.categories.default([]),
  quantity: stockQuantityField(0),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreateBody = z.output<typeof productCreateSchema>;

/** The product form on edit: every field optional; quantity on hand is not edited here. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdateBody = z.output<typeof productUpdateSchema>;

/** POST /products/update_qty_of_hand/: the quantity on hand, or one unit measure's quantity. */
export const updateQuantitySchema = z.object({
  product_id: idField(M.productRequired),
  quantity: stockQuantityField(),
  unit_measure: unitMeasureSchema.optional(),
  active: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 'true')),
});
export type UpdateQuantityBody = z.output<typeof updateQuantitySchema>;
