import { HCPCS_FORMAT, type PriceVariantOption, type UnitMeasure } from '@dme/shared';
import type { Db } from '../database.ts';
import { batchesOf } from './batch.ts';
import { TYPE, type Family } from './catalog/family.ts';
import { RESPIRATORY } from './catalog/respiratory.ts';
import { DIABETIC_INCONTINENCE } from './catalog/diabetic-incontinence.ts';
import { NUTRITION_WOUND } from './catalog/nutrition-wound.ts';
import { MOBILITY_HOME } from './catalog/mobility-home.ts';

const CATALOG: Family[] = [...RESPIRATORY, ...DIABETIC_INCONTINENCE, ...NUTRITION_WOUND, ...MOBILITY_HOME];

/** How each payer's price relates to the general (retail) price, rounded to cents. */
const PAYER_FACTORS: [PriceVariantOption, number][] = [
  ['Medicare', 0.82],
  ['Iowa', 0.78],
  ['MoHealth', 0.76],
  ['Arkansas', 0.79],
  ['Cash', 0.9],
  ['Waiver', 0.95],
];

const MODIFIERS: Record<Family['type'], string[]> = {
  rental: ['RR'],
  purchase: ['NU'],
  supply: [],
  nutrition: [],
  service: [],
};

/** A small deterministic generator (mulberry32): the same catalog on every first run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

interface SeedProduct {
  name: string;
  description: string;
  internal_code: string;
  type_id: number;
  quantity: number;
  cost_price: string;
  /** The HCPCS code the family's reference number starts with; kept only when the CMS list holds it. */
  hcpcs_code: string;
  /** Rentals bill RR, purchased equipment NU; supplies, nutrition and services none. */
  modifiers: string[];
  path: string;
  variants: {
    price_variant: PriceVariantOption;
    description: string;
    sale_price: string;
    cost_price: string;
    unit_measure: UnitMeasure;
  }[];
  units: { unit_measure: UnitMeasure; quantity: number; active: boolean }[];
}

function build(family: Family, size: readonly [string, string] | null, next: () => number, index: number): SeedProduct {
  const stockUnits = [family.unit, ...(family.stock ?? []).filter((u) => u !== family.unit)];
  const rented = family.type === 'rental';
  const onHand = family.type === 'service' ? 0 : Math.floor(next() * (rented ? 12 : 240));
  const general = family.price;
  const payers = PAYER_FACTORS.filter((_, i) => i === 0 || (index + i) % 3 === 0);
  return {
    name: size ? `${family.name}, ${size[1]}` : family.name,
    description: family.description ?? '',
    internal_code: size ? `${family.code}-${size[0]}` : family.code,
    type_id: TYPE[family.type],
    quantity: onHand,
    cost_price: money(family.cost),
    hcpcs_code: HCPCS_FORMAT.test(family.code.slice(0, 5)) ? family.code.slice(0, 5) : '',
    modifiers: MODIFIERS[family.type],
    path: family.path,
    variants: [
      {
        price_variant: 'General' as const,
        description: rented ? 'Monthly rental' : 'Retail price',
        sale_price: money(general),
        cost_price: money(family.cost),
        unit_measure: family.unit,
      },
      ...payers.map(([option, factor]) => ({
        price_variant: option,
        description: option === 'Cash' ? 'Cash discount' : `${option} allowable`,
        sale_price: money(general * factor),
        cost_price: money(family.cost),
        unit_measure: family.unit,
      })),
    ],
    units:
      family.type === 'service'
        ? []
        : stockUnits.map((unit, i) => ({
            unit_measure: unit,
            quantity: i === 0 ? onHand : Math.floor(next() * 40),
            active: i === 0 || next() > 0.25,
          })),
  };
}

/** The demo catalog, expanded by size: about 150 products. */
export function demoCatalog(): SeedProduct[] {
  const next = random(20260411);
  const out: SeedProduct[] = [];
  for (const family of CATALOG) {
    for (const size of family.sizes ?? [null]) out.push(build(family, size, next, out.length));
  }
  return out;
}

/** Category ids of a path ("Group/Category/Subcategory"): one id per level, as the form sends them. */
async function categoryPaths(db: Db): Promise<Map<string, number[]>> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'parent_id']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, number[]>();
  for (const row of rows) {
    const chain: typeof rows = [];
    for (
      let c: (typeof rows)[number] | undefined = row;
      c;
      c = c.parent_id === null ? undefined : byId.get(c.parent_id)
    )
      chain.unshift(c);
    paths.set(
      chain.map((c) => c.name).join('/'),
      chain.map((c) => c.id),
    );
  }
  return paths;
}

/** The codes of `codes` the CMS list holds (the shipped 2020 list lacks some newer ones, A4239 say). */
async function knownHcpcs(db: Db, codes: string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const rows = await db.selectFrom('hcpcs_codes').select('code').where('code', 'in', wanted).execute();
  return new Set(rows.map((r) => r.code));
}

async function insertProducts(db: Db, products: SeedProduct[]): Promise<number> {
  const paths = await categoryPaths(db);
  const known = await knownHcpcs(
    db,
    products.map((p) => p.hcpcs_code),
  );
  return db.transaction().execute(async (trx) => {
    const inserted: { id: number; internal_code: string }[] = [];
    const rows = products.map(
      ({ name, description, internal_code, type_id, quantity, cost_price, hcpcs_code, modifiers }) => ({
        name,
        description,
        internal_code,
        type_id,
        quantity,
        cost_price,
        hcpcs_code: known.has(hcpcs_code) ? hcpcs_code : '',
        modifiers,
      }),
    );
    for (const batch of batchesOf(rows)) {
      inserted.push(
        ...(await trx
          .insertInto('products')
          .values(batch)
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'internal_code'])
          .execute()),
      );
    }
    const byCode = new Map(products.map((p) => [p.internal_code, p]));
    const variants = [];
    const units = [];
    const categories = [];
    for (const { id, internal_code } of inserted) {
      const p = byCode.get(internal_code)!;
      variants.push(...p.variants.map((v) => ({ ...v, product_id: id })));
      units.push(...p.units.map((u) => ({ ...u, product_id: id })));
      categories.push(...(paths.get(p.path) ?? []).map((category_id) => ({ product_id: id, category_id })));
    }
    for (const batch of batchesOf(variants)) await trx.insertInto('price_variants').values(batch).execute();
    for (const batch of batchesOf(units)) await trx.insertInto('product_unit_quantities').values(batch).execute();
    for (const batch of batchesOf(categories)) await trx.insertInto('product_categories').values(batch).execute();
    return inserted.length;
  });
}

/** Demo products of the first run: the HME catalog with payer prices and stock by unit. */
export async function seedDemoProducts(db: Db): Promise<void> {
  await insertProducts(db, demoCatalog());
}

const BATCH = 500;

/**
 * `n` more products for load tests (`npm run seed -- --products N`): catalog items under new
 * reference numbers ("A7030-RS-M-N000123"), inserted in batches with their variants, stock
 * and categories. Answers how many were inserted.
 */
export async function seedManyProducts(db: Db, n: number): Promise<number> {
  const catalog = demoCatalog();
  const { max } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  const start = Number(max ?? 0) + 1;
  let inserted = 0;
  for (let offset = 0; offset < n; offset += BATCH) {
    const batch: SeedProduct[] = [];
    for (let i = offset; i < Math.min(n, offset + BATCH); i++) {
      const base = catalog[i % catalog.length];
      const serial = String(start + i).padStart(6, '0');
      batch.push({ ...base, name: `${base.name} #${serial}`, internal_code: `${base.internal_code}-N${serial}` });
    }
    inserted += await insertProducts(db, batch);
  }
  return inserted;
}
