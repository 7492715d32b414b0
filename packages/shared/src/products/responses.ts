import { z } from 'zod';
import { PRICE_VARIANT_OPTIONS, UNIT_MEASURES } from './rules.ts';
import { PAYMENT_CATEGORY_SOURCES } from '../rentals/schemas.ts';

// What the products routes answer: the server's response schemas and, through z.infer, the web's types.

export const productTypeSchema = z.object({ id: z.number(), name: z.string() });
export type ProductType = z.infer<typeof productTypeSchema>;

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  level: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const unitQuantitySchema = z.object({
  unit_measure: z.enum(UNIT_MEASURES),
  quantity: z.number(),
  active: z.boolean(),
});

export const productVariantSchema = z.object({
  id: z.number(),
  price_variant: z.enum(PRICE_VARIANT_OPTIONS),
  description: z.string(),
  sale_price: z.number(),
  cost_price: z.number(),
  unit_measure: z.enum(UNIT_MEASURES),
});
export type PriceVariant = z.infer<typeof productVariantSchema>;

export const productListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  internal_code: z.string(),
  quantity: z.number(),
  type: productTypeSchema,
  qty_unit_measures: z.array(unitQuantitySchema),
  cost_price: z.number(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const productSchema = productListItemSchema.extend({
  description: z.string(),
  type_id: z.number(),
  photo: z.string().nullable(),
  variants: z.array(productVariantSchema),
  categories: z.array(z.number()),
  categories_list: z.array(categorySchema),
  /** '' when none. */
  hcpcs_code: z.string(),
  modifiers: z.array(z.string()),
  /** The code's long description in the CMS list, null when there is no code (or it is not in the list). */
  hcpcs_description: z.string().nullable(),
  /** The product's own payment category, else its code's in the fee schedule in force today; null when neither. */
  payment_category: z.string().nullable(),
  payment_category_source: z.enum(PAYMENT_CATEGORY_SOURCES).nullable(),
  /** The category in words ("Capped rental"), '' when there is none. */
  payment_category_words: z.string(),
  /** Medicare's non-rural fee of the code in the office's state for the product's modifiers; null when none. */
  medicare_fee: z.number().nullable(),
  /** Needs a face-to-face encounter within the 6 months before its order (issue 34). */
  face_to_face: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
