import { z } from 'zod';
import {
  CATEGORY_LEVELS,
  formatPrice,
  hcpcsField,
  IMAGE_EXTENSIONS,
  modifiersField,
  parsePrice,
  PHOTO_MAX_BYTES,
  PRODUCT_MESSAGES,
  productCreateSchema,
  type Category,
  type PriceVariantBody,
  type Product,
} from '@dme/shared';

/** Notifications of the products screens that PRODUCT_MESSAGES does not carry (spec section 8). */
export const UPDATED_SUCCESSFULLY = 'Updated successfully!';

/** A product as its routes answer it: with its billing codes (issue 31) and the code's CMS description. */
export type ProductRecord = Product &
  Partial<{ hcpcs_code: string; modifiers: string[]; hcpcs_description: string | null }>;

/** A row of the price-variants table: what the price-variant dialog's schema answers (prices as "1234.50"). */
export type VariantRow = PriceVariantBody;

/** What the product form edits; the shared schema (plus the photo) turns it into the request. */
export interface ProductFormValues {
  name: string;
  description: string;
  internal_code: string;
  type_id: number | '';
  /** The chosen category of each level, top down (Product Group, Category, Subcategory). */
  categories: number[];
  /** Stock on hand; typed on create only (the edit screen shows the product's own). */
  quantity: string;
  cost_price: string;
  variants: VariantRow[];
  /** A newly chosen photo. */
  photo: File | null;
  /** The stored photo is to be removed on save. */
  remove_photo: boolean;
  /** HCPCS Level II code claims bill the product under ("E0601"), or ''. */
  hcpcs_code: string;
  /** Its default modifiers as typed ("RR,KH"); an order line may override them. */
  modifiers: string;
  /** The CMS payment category set by hand ("CR"), or '' to follow the fee schedule. */
  payment_category: string;
  /** Needs a face-to-face encounter within the 6 months before its order (issue 34). */
  face_to_face: boolean;
}

const isImageType = (type: string): boolean => Object.hasOwn(IMAGE_EXTENSIONS, type);

/** True when the browser reports the file as one of the image types the server keeps. */
export function isImageFile(file: File): boolean {
  return isImageType(file.type);
}

/** The server judges the bytes; the form refuses what is plainly not an image before sending. */
const photoSchema = z
  .custom<File | null>((value) => value === null || value instanceof Blob)
  .superRefine((file, ctx) => {
    if (!file) return;
    if (!isImageFile(file)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.photoImage });
    else if (file.size > PHOTO_MAX_BYTES) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.photoTooLarge });
  });

const formExtras = {
  photo: photoSchema,
  remove_photo: z.boolean(),
  hcpcs_code: hcpcsField,
  modifiers: modifiersField,
};

export const productCreateFormSchema = productCreateSchema.extend(formExtras);
/**
 * The edit form always holds every field, so it is checked as a whole: the create rules without
 * the quantity (stock changes through the unit-measure dialog), which the PATCH schema accepts.
 */
export const productEditFormSchema = productCreateSchema.omit({ quantity: true }).extend(formExtras);

/** The validated form on either screen (quantity exists on create only). */
export type ProductFormBody = z.output<typeof productEditFormSchema> & { quantity?: number };

export const emptyProductValues: ProductFormValues = {
  name: '',
  description: '',
  internal_code: '',
  type_id: '',
  categories: [],
  quantity: '0',
  cost_price: '',
  variants: [],
  photo: null,
  remove_photo: false,
  hcpcs_code: '',
  modifiers: '',
  payment_category: '',
  face_to_face: false,
};

/** The chosen category of each level, read from the product's categories whatever their order. */
export function categoryChain(list: readonly Pick<Category, 'id' | 'parent_id'>[]): number[] {
  const chain: number[] = [];
  let parent: number | null = null;
  for (let level = 0; level < CATEGORY_LEVELS; level += 1) {
    const next = list.find((category) => category.parent_id === parent);
    if (!next) break;
    chain.push(next.id);
    parent = next.id;
  }
  return chain;
}

/** A price from the server as exact text with cents ("1234.50"). */
export function priceText(value: number): string {
  const parsed = parsePrice(value);
  return parsed.ok ? parsed.value : String(value);
}

export function productToFormValues(product: ProductRecord): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    internal_code: product.internal_code,
    type_id: product.type_id,
    categories: categoryChain(product.categories_list),
    quantity: String(product.quantity),
    cost_price: formatPrice(product.cost_price),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      price_variant: variant.price_variant,
      unit_measure: variant.unit_measure,
      sale_price: priceText(variant.sale_price),
      cost_price: priceText(variant.cost_price),
      description: variant.description,
    })),
    photo: null,
    remove_photo: false,
    hcpcs_code: product.hcpcs_code ?? '',
    modifiers: (product.modifiers ?? []).join(','),
    payment_category: product.payment_category_source === 'product' ? (product.payment_category ?? '') : '',
    // A product answered before issue 34 has no such flag.
    face_to_face: product.face_to_face ?? false,
  };
}

/**
 * The multipart body of POST and PATCH /api/products/: prices as plain numbers (no thousands
 * separator), variants as one JSON text, one `categories` value per level, the photo as a file.
 */
export function productFormData(body: ProductFormBody, mode: 'create' | 'edit'): FormData {
  const form = new FormData();
  form.append('name', body.name);
  form.append('description', body.description);
  form.append('internal_code', body.internal_code);
  form.append('type_id', String(body.type_id));
  form.append('cost_price', body.cost_price);
  form.append('hcpcs_code', body.hcpcs_code);
  form.append('modifiers', body.modifiers.join(','));
  // Empty follows the fee schedule (the server clears a category set before).
  form.append('payment_category', body.payment_category ?? '');
  // Multipart fields are text: the schema reads "true" and "false".
  form.append('face_to_face', String(body.face_to_face ?? false));
  if (mode === 'create') form.append('quantity', String(body.quantity ?? 0));
  form.append(
    'variants',
    JSON.stringify(
      body.variants.map((variant) => ({
        ...variant,
        sale_price: Number(variant.sale_price),
        cost_price: Number(variant.cost_price),
      })),
    ),
  );
  // An empty value tells the server "no categories" (an absent field would keep the old ones).
  if (body.categories.length === 0) form.append('categories', '');
  body.categories.forEach((id) => form.append('categories', String(id)));
  if (body.photo) form.append('photo', body.photo, body.photo.name);
  else if (body.remove_photo && mode === 'edit') form.append('photo', '');
  return form;
}

/** Fields a server 422 may name (others are covered by the general message). */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'description',
  'internal_code',
  'type_id',
  'categories',
  'quantity',
  'cost_price',
  'variants',
  'photo',
  'hcpcs_code',
  'modifiers',
  'payment_category',
  'face_to_face',
] as const;
