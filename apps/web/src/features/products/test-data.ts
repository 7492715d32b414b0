import type { Category, Product, ProductListItem, ProductType } from '@dme/shared';

/** Test data of the products screens (factories with overrides). */
export const PRODUCT_TYPES: ProductType[] = [
  { id: 1, name: 'Supply' },
  { id: 2, name: 'Rental Equipment' },
];

export const CATEGORIES: Record<string, Category[]> = {
  top: [
    { id: 1, name: 'Respiratory', parent_id: null, level: 1 },
    { id: 2, name: 'Diabetic', parent_id: null, level: 1 },
  ],
  1: [{ id: 10, name: 'CPAP Supplies', parent_id: 1, level: 2 }],
  2: [{ id: 20, name: 'Testing', parent_id: 2, level: 2 }],
  10: [{ id: 100, name: 'Masks', parent_id: 10, level: 3 }],
  20: [{ id: 200, name: 'Test Strips', parent_id: 20, level: 3 }],
};

let next = 500;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  next += 1;
  return {
    id: next,
    name: `Product ${next}`,
    internal_code: `REF-${next}`,
    description: '',
    quantity: 0,
    cost_price: 0,
    type: PRODUCT_TYPES[0],
    type_id: PRODUCT_TYPES[0].id,
    photo: null,
    variants: [
      {
        id: next * 10,
        price_variant: 'General',
        unit_measure: 'Each',
        sale_price: 12.5,
        cost_price: 8,
        description: '',
      },
    ],
    categories: [],
    categories_list: [],
    qty_unit_measures: [],
    hcpcs_code: '',
    modifiers: [],
    hcpcs_description: null,
    payment_category: null,
    payment_category_source: null,
    payment_category_words: '',
    medicare_fee: null,
    face_to_face: false,
    ...overrides,
  };
}

export function listItem(product: Product): ProductListItem {
  const { id, name, internal_code, quantity, type, qty_unit_measures, cost_price } = product;
  return { id, name, internal_code, quantity, type, qty_unit_measures, cost_price };
}
