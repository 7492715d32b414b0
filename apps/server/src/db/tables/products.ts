import type { ColumnType, Generated } from 'kysely';
import type { PriceVariantOption, UnitMeasure } from '@dme/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(12,2): read as exact text, written as text or number. */
type Money = ColumnType<string, string | number, string | number>;

export interface ProductTypesTable {
  id: number;
  name: string;
}

/** Three levels: 1 Product Group, 2 Product Category, 3 Product Subcategory. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  level: number;
}

export interface UnitMeasuresTable {
  name: UnitMeasure;
  position: number;
}

export interface PriceVariantOptionsTable {
  name: PriceVariantOption;
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  internal_code: string;
  type_id: number;
  quantity: Generated<number>;
  cost_price: ColumnType<string, string | number | undefined, string | number>;
  photo_key: string | null;
  photo_content_type: string | null;
  /** HCPCS Level II code and default claim modifiers (migration 0031). */
  hcpcs_code: Generated<string>;
  modifiers: ColumnType<string[], string[] | undefined, string[]>;
  /** The CMS payment category set by hand (CR, OX, IN...), null follows the fee schedule (migration 0033). */
  payment_category: ColumnType<string | null, string | null | undefined, string | null>;
  /** Needs a face-to-face encounter within the 6 months before its order (migration 0034). */
  face_to_face: Generated<boolean>;
  /** lower(name || ' ' || internal_code), kept by the database for the search. */
  search_text: ColumnType<string, never, never>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface PriceVariantsTable {
  id: Generated<number>;
  product_id: number;
  price_variant: PriceVariantOption;
  description: Generated<string>;
  sale_price: Money;
  cost_price: Money;
  unit_measure: UnitMeasure;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Stock counted per unit measure (the inventory screen's unit columns). */
export interface ProductUnitQuantitiesTable {
  product_id: number;
  unit_measure: UnitMeasure;
  quantity: Generated<number>;
  active: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

/** Tables of the products area (Kysely types). */
export interface ProductsTables {
  product_types: ProductTypesTable;
  categories: CategoriesTable;
  unit_measures: UnitMeasuresTable;
  price_variant_options: PriceVariantOptionsTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  price_variants: PriceVariantsTable;
  product_unit_quantities: ProductUnitQuantitiesTable;
}
