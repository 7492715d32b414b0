import { sql } from 'kysely';
import {
  knownOrdering,
  PRODUCT_MESSAGES,
  sortUnitQuantities,
  type Category,
  type ListQuery,
  type Page,
  type PriceVariant,
  type PriceVariantBody,
  type Product,
  type ProductListItem,
  type ProductType,
  type UnitQuantity,
} from '@dme/shared';
import { containsPattern, normalizeSearch } from '../lib/search.ts';
import type { Executor, Trx } from '../db/database.ts';
import { notFound, validation, type FieldErrors } from '../lib/errors.ts';
import { unknownHcpcs } from '../lib/hcpcs.ts';
import { productPricing } from '../lib/fee-schedule.ts';

export const photoUrl = (productId: number) => `/api/products/${productId}/photo/`;

const MAX_SEARCH_WORDS = 5;

/** `%word%` patterns of a search, with LIKE wildcards in the words taken literally. */
export function searchPatterns(search: string): string[] {
  return normalizeSearch(search)
    .split(' ')
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => containsPattern(word));
}

/**
 * Products matching a search: every word must appear in the name or the reference number
 * ("airfit medium" finds "AirFit F20 Full Face Mask, Medium").
 */
export function productsMatching(db: Executor, search: string) {
  const patterns = searchPatterns(search);
  return db
    .selectFrom('products as p')
    .$if(patterns.length > 0, (qb) =>
      qb.where((eb) => eb.and(patterns.map((p) => eb('p.search_text', 'like', sql<string>`lower(${p})`)))),
    );
}

export async function listProductTypes(db: Executor): Promise<ProductType[]> {
  return db.selectFrom('product_types').select(['id', 'name']).orderBy('name').execute();
}

/** Categories under `parentId`, or the product groups (level 1) without one. */
export async function listCategories(db: Executor, parentId: number | undefined): Promise<Category[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id', 'level'])
    .$if(parentId === undefined, (qb) => qb.where('parent_id', 'is', null))
    .$if(parentId !== undefined, (qb) => qb.where('parent_id', '=', parentId!))
    .orderBy('name')
    .execute();
}

/** Unit quantities of several products at once, in inventory column order. */
export async function unitQuantitiesOf(db: Executor, productIds: number[]): Promise<Map<number, UnitQuantity[]>> {
  const byProduct = new Map<number, UnitQuantity[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_unit_quantities')
    .select(['product_id', 'unit_measure', 'quantity', 'active'])
    .where('product_id', 'in', productIds)
    .execute();
  for (const { product_id, ...unit } of rows) byProduct.get(product_id)?.push(unit);
  for (const [id, units] of byProduct) byProduct.set(id, sortUnitQuantities(units));
  return byProduct;
}

const ORDERING = {
  name: sql<string>`lower(p.name)`,
  internal_code: sql<string>`lower(p.internal_code)`,
  quantity: sql<number>`p.quantity`,
  cost_price: sql<string>`p.cost_price`,
  id: sql<number>`p.id`,
} as const;

export async function listProducts(db: Executor, query: ListQuery): Promise<Page<ProductListItem>> {
  const ordering = knownOrdering(query.ordering, ORDERING);
  const key = ordering?.field ?? 'name';
  const direction = ordering?.desc ? 'desc' : 'asc';
  const base = productsMatching(db, query.search);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('product_types as t', 't.id', 'p.type_id')
    .select([
      'p.id',
      'p.name',
      'p.internal_code',
      'p.quantity',
      'p.cost_price',
      't.id as type_id',
      't.name as type_name',
    ])
    .orderBy(ORDERING[key], direction)
    .orderBy('p.id', direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  const units = await unitQuantitiesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    results: rows.map((r) => ({
      id: r.id,
      name: r.name,
      internal_code: r.internal_code,
      quantity: r.quantity,
      type: { id: r.type_id, name: r.type_name },
      qty_unit_measures: units.get(r.id) ?? [],
      cost_price: Number(r.cost_price),
    })),
    count: Number(count),
    page_size: query.page_size,
    current: query.page,
  };
}

export async function listVariants(db: Executor, productId: number): Promise<PriceVariant[]> {
  const rows = await db
    .selectFrom('price_variants')
    .select(['id', 'price_variant', 'description', 'sale_price', 'cost_price', 'unit_measure'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, sale_price: Number(r.sale_price), cost_price: Number(r.cost_price) }));
}

/** The product row with its photo key (not part of the wire product). */
export async function productRow(db: Executor, id: number, opts: { lock?: boolean } = {}) {
  const row = await db
    .selectFrom('products')
    .select(['id', 'photo_key', 'photo_content_type'])
    .where('id', '=', id)
    .$if(opts.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getProduct(db: Executor, id: number): Promise<Product> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_types as t', 't.id', 'p.type_id')
    .leftJoin('hcpcs_codes as h', 'h.code', 'p.hcpcs_code')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.internal_code',
      'p.quantity',
      'p.cost_price',
      'p.photo_key',
      'p.hcpcs_code',
      'p.modifiers',
      'p.payment_category',
      'p.face_to_face',
      'h.long_description as hcpcs_description',
      't.id as type_id',
      't.name as type_name',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const variants = await listVariants(db, id);
  const pricing = await productPricing(db, row);
  const units = await unitQuantitiesOf(db, [id]);
  const categories = await db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['c.id', 'c.name', 'c.parent_id', 'c.level'])
    .where('pc.product_id', '=', id)
    .orderBy('c.level')
    .orderBy('c.name')
    .execute();
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    internal_code: row.internal_code,
    type: { id: row.type_id, name: row.type_name },
    type_id: row.type_id,
    quantity: row.quantity,
    cost_price: Number(row.cost_price),
    photo: row.photo_key ? photoUrl(row.id) : null,
    variants,
    qty_unit_measures: units.get(id) ?? [],
    categories: categories.map((c) => c.id),
    categories_list: categories,
    hcpcs_code: row.hcpcs_code,
    modifiers: row.modifiers,
    hcpcs_description: row.hcpcs_description,
    face_to_face: row.face_to_face,
    ...pricing,
  };
}

/**
 * True when an order line refers to the product (or price variant). The orders area lands
 * its tables later, so the table and column are looked up before they are queried.
 */
async function usedByOrderLines(db: Executor, column: 'product_id' | 'variant_id', id: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'order_products' AND column_name = ${column}
    ) AND to_regclass('public.order_products') IS NOT NULL AS found
  `.execute(db);
  if (!rows[0]?.found) return false;
  const used = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM order_products WHERE ${sql.ref(column)} = ${id}) AS used
  `.execute(db);
  return used.rows[0]?.used === true;
}

export const isProductInUse = (db: Executor, productId: number) => usedByOrderLines(db, 'product_id', productId);
export const isVariantInUse = (db: Executor, variantId: number) => usedByOrderLines(db, 'variant_id', variantId);

/**
 * Type, categories, reference number, HCPCS code and modifiers (in the CMS lists) checked
 * together so the form shows every problem.
 */
export async function checkProductReferences(
  trx: Executor,
  body: { type_id?: number; categories?: number[]; internal_code?: string; hcpcs_code?: string; modifiers?: string[] },
  exceptId?: number,
): Promise<void> {
  const errors: FieldErrors = await unknownHcpcs(trx, body);
  if (body.type_id !== undefined) {
    const type = await trx.selectFrom('product_types').select('id').where('id', '=', body.type_id).executeTakeFirst();
    if (!type) errors.type_id = [PRODUCT_MESSAGES.typeInvalid];
  }
  const categoryIds = [...new Set(body.categories ?? [])];
  if (categoryIds.length > 0) {
    const found = await trx.selectFrom('categories').select('id').where('id', 'in', categoryIds).execute();
    if (found.length !== categoryIds.length) errors.categories = [PRODUCT_MESSAGES.categoryInvalid];
  }
  if (body.internal_code !== undefined) {
    const clash = await trx
      .selectFrom('products')
      .select('id')
      .where(sql`lower(internal_code)`, '=', body.internal_code.toLowerCase())
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
      .executeTakeFirst();
    if (clash) errors.internal_code = [PRODUCT_MESSAGES.duplicateCode];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

export async function setCategories(trx: Trx, productId: number, categoryIds: number[]): Promise<void> {
  await trx.deleteFrom('product_categories').where('product_id', '=', productId).execute();
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) return;
  await trx
    .insertInto('product_categories')
    .values(ids.map((category_id) => ({ product_id: productId, category_id })))
    .execute();
}

const variantColumns = (v: PriceVariantBody) => ({
  price_variant: v.price_variant,
  description: v.description,
  sale_price: v.sale_price,
  cost_price: v.cost_price,
  unit_measure: v.unit_measure,
});

export async function insertVariants(trx: Trx, productId: number, variants: PriceVariantBody[]): Promise<void> {
  if (variants.length === 0) return;
  await trx
    .insertInto('price_variants')
    .values(variants.map((v) => ({ product_id: productId, ...variantColumns(v) })))
    .execute();
}

/**
 * Makes the product's variants the given list: rows with an id are updated in place (order
 * lines keep pointing at them), rows without one are added, and missing rows are removed
 * unless an order line still uses them.
 */
export async function replaceVariants(trx: Trx, productId: number, variants: PriceVariantBody[]): Promise<void> {
  const existing = await trx.selectFrom('price_variants').select('id').where('product_id', '=', productId).execute();
  const existingIds = new Set(existing.map((r) => r.id));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  variants.forEach((v, i) => {
    if (v.id === null) return;
    if (!existingIds.has(v.id)) errors[`variants.${i}.id`] = [PRODUCT_MESSAGES.variantUnknown];
    else if (seen.has(v.id)) errors[`variants.${i}.id`] = [PRODUCT_MESSAGES.variantDuplicate];
    seen.add(v.id);
  });
  if (Object.keys(errors).length) throw validation(errors);
  for (const v of variants) {
    if (v.id === null) continue;
    await trx
      .updateTable('price_variants')
      .set({ ...variantColumns(v), updated_at: sql`now()` })
      .where('id', '=', v.id)
      .execute();
  }
  await insertVariants(
    trx,
    productId,
    variants.filter((v) => v.id === null),
  );
  for (const id of existingIds) {
    if (seen.has(id) || (await isVariantInUse(trx, id))) continue;
    await trx.deleteFrom('price_variants').where('id', '=', id).execute();
  }
}

/** Sets one unit measure's quantity; `active` keeps its stored value when not sent. */
export async function upsertUnitQuantity(
  trx: Trx,
  productId: number,
  unit: { unit_measure: UnitQuantity['unit_measure']; quantity: number; active?: boolean },
): Promise<void> {
  await trx
    .insertInto('product_unit_quantities')
    .values({
      product_id: productId,
      unit_measure: unit.unit_measure,
      quantity: unit.quantity,
      active: unit.active ?? true,
    })
    .onConflict((oc) =>
      oc.columns(['product_id', 'unit_measure']).doUpdateSet({
        quantity: unit.quantity,
        ...(unit.active === undefined ? {} : { active: unit.active }),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}
