import { useForm } from 'react-hook-form';
import { adjustedPrice, parsePercentage, parsePrice, type OrderProductLine, type UnitMeasure } from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { lineSchema, type LineBody } from '../line-body.ts';
import type { ProductOption } from '../ProductSelect.tsx';

/** A line as its routes answer it, with its modifiers (null: the product's own). */
export type ProductLineRecord = OrderProductLine & { modifiers?: string[] | null };

/** The line's billing as the dialog offers it: 'category' follows the product's payment category (null on the wire). */
export type LineBilling = 'category' | 'rental' | 'purchase';

export const LINE_BILLING_OPTIONS: { value: LineBilling; label: string }[] = [
  { value: 'rental', label: 'Rental (monthly)' },
  { value: 'purchase', label: 'Purchase' },
  { value: 'category', label: "From the product's category" },
];

/** What the add/edit product-line dialog edits. */
export interface ProductLineFormValues {
  product: ProductOption | null;
  variant: number | '';
  recurrence_id: number | '';
  service_date: string | null;
  end_date: string | null;
  quantity: string;
  sale_price: string;
  added_percentage: boolean;
  percentage: string;
  tax_applied: boolean;
  nutritional: boolean;
  locked_price: boolean;
  unit_measure: UnitMeasure | '';
  /** Overrides the product's modifiers ("RR,KH"); empty keeps the product's. */
  modifiers: string;
  billing: LineBilling;
  /** The rental month of the line's first service (a patient transferred from another supplier). */
  rental_start_month: string;
}

export const emptyProductLineValues: ProductLineFormValues = {
  product: null,
  variant: '',
  recurrence_id: '',
  service_date: null,
  end_date: null,
  quantity: '1',
  sale_price: '',
  added_percentage: false,
  percentage: '',
  tax_applied: false,
  nutritional: false,
  locked_price: false,
  unit_measure: '',
  modifiers: '',
  billing: 'category',
  rental_start_month: '1',
};

export function lineToFormValues(line: ProductLineRecord): ProductLineFormValues {
  return {
    product: line.product,
    variant: line.variant_id ?? '',
    recurrence_id: line.recurrence_id,
    service_date: line.service_date,
    end_date: line.end_date,
    quantity: String(line.quantity),
    sale_price: line.sale_price.toFixed(2),
    added_percentage: line.added_percentage,
    percentage: line.added_percentage ? String(line.percentage) : '',
    tax_applied: line.tax_applied,
    nutritional: line.nutritional,
    locked_price: line.locked_price,
    unit_measure: line.unit_measure as UnitMeasure,
    modifiers: line.modifiers?.join(',') ?? '',
    // The server answers the billing it settled on; the clerk may hand it back to the category.
    billing: line.rental ? 'rental' : 'purchase',
    rental_start_month: String(line.rental_start_month),
  };
}

const orNull = <T>(value: T | '') => (value === '' ? null : value);

/** The shared schema's input: the picked product's id; no percentage unless one is added. */
export function productLineInput(values: ProductLineFormValues) {
  return {
    product_id: values.product?.id ?? null,
    variant: orNull(values.variant),
    recurrence_id: orNull(values.recurrence_id),
    service_date: values.service_date,
    end_date: values.end_date,
    quantity: values.quantity,
    sale_price: values.sale_price,
    added_percentage: values.added_percentage,
    percentage: values.added_percentage ? values.percentage : null,
    tax_applied: values.tax_applied,
    nutritional: values.nutritional,
    locked_price: values.locked_price,
    unit_measure: orNull(values.unit_measure),
    modifiers: values.modifiers,
    rental: values.billing === 'category' ? null : values.billing === 'rental',
    // Only a rental chosen here starts at a month the clerk gives; otherwise the server keeps its own.
    rental_start_month: values.billing === 'rental' ? values.rental_start_month : undefined,
  };
}

export const PRODUCT_LINE_FIELD_NAMES: Record<string, keyof ProductLineFormValues> = {
  product_id: 'product',
  variant: 'variant',
  recurrence_id: 'recurrence_id',
  service_date: 'service_date',
  end_date: 'end_date',
  quantity: 'quantity',
  sale_price: 'sale_price',
  percentage: 'percentage',
  unit_measure: 'unit_measure',
  modifiers: 'modifiers',
  rental: 'billing',
  rental_start_month: 'rental_start_month',
};

export function useProductLineForm(defaultValues: ProductLineFormValues) {
  return useForm<ProductLineFormValues, unknown, LineBody>({
    resolver: schemaResolver(lineSchema, productLineInput, { product_id: 'product' }),
    defaultValues,
    mode: 'onChange',
  });
}

export type ProductLineForm = ReturnType<typeof useProductLineForm>;

/**
 * The read-only adjusted price: sale price plus the percentage, 3 decimals (shared rule), from the
 * percentage as it will be stored (3 decimals), so what staff see is what is billed.
 */
export function adjustedPriceText(salePrice: string, percentage: string, added: boolean): string {
  if (!added) return '';
  const sale = parsePrice(salePrice);
  const pct = parsePercentage(percentage);
  return sale.ok && pct.ok ? adjustedPrice(sale.value, pct.value) : '';
}
