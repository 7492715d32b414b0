import type { Occurrence, Order, OrderProductLine, PriceVariant, Service } from '@dme/shared';

/** Orders as the server answers them, with overrides (component tests only). */
let next = 500;
const id = () => ++next;

export const STATUSES = [
  { id: 1, name: 'Pending' },
  { id: 2, name: 'Active' },
];
export const DELIVERIES = [
  { id: 1, name: 'Ship' },
  { id: 2, name: 'Deliver' },
];
export const RECURRENCES = [
  { id: 1, name: 'Monthly' },
  { id: 2, name: 'Every 2 Months' },
  { id: 3, name: 'Every 15 Days' },
  { id: 4, name: 'Quarterly' },
  { id: 5, name: 'One Time' },
];

export const GLOVES = { id: 41, name: 'Nitrile Gloves', internal_code: 'GLV-100' };

export const GLOVES_VARIANTS: PriceVariant[] = [
  { id: 71, price_variant: 'General', description: '', sale_price: 12.5, cost_price: 8, unit_measure: 'Box' },
  { id: 72, price_variant: 'Medicare', description: 'Part B', sale_price: 10, cost_price: 8, unit_measure: 'Case' },
];

export function makeLine(overrides: Partial<OrderProductLine> = {}): OrderProductLine {
  return {
    id: id(),
    order_id: 1,
    product_id: GLOVES.id,
    product: GLOVES,
    variant_id: 71,
    variant: { id: 71, price_variant: 'General', unit_measure: 'Box' },
    service_date: '2026-01-05',
    end_date: '2026-03-05',
    quantity: 2,
    recurrence_id: 1,
    recurrence: { id: 1, name: 'Monthly' },
    sale_price: 12.5,
    percentage: 0,
    adjusted_sale_price: 12.5,
    added_percentage: false,
    nutritional: false,
    tax_applied: false,
    locked_price: false,
    unit_measure: 'Box',
    modifiers: null,
    rental: false,
    rental_start_month: 1,
    ...overrides,
  };
}

export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    id: id(),
    date: '2026-01-05',
    ocurrence_id: 1,
    order_product_id: 1,
    product: GLOVES,
    order_product: { order_product_name: GLOVES.name, order_product_reference_code: GLOVES.internal_code },
    variant_id: 71,
    unit_measure: 'Box',
    amount_remmited: 2,
    sale_price: 12.5,
    adjusted_sale_price: 12.5,
    added_percentage: false,
    percentage: 0,
    tax_applied: false,
    tax_amount: 0,
    total: 25,
    shipped: false,
    locked_price: false,
    rental_month: null,
    modifiers: [],
    billable: true,
    expected_allowed: null,
    rental_note: '',
    ...overrides,
  };
}

export function makeOccurrence(overrides: Partial<Occurrence> = {}): Occurrence {
  const occurrenceId = overrides.id ?? id();
  const services = overrides.services ?? [
    makeService({ ocurrence_id: occurrenceId, date: overrides.date ?? '2026-01-05' }),
  ];
  return {
    id: occurrenceId,
    order_id: 1,
    date: '2026-01-05',
    po_number: '',
    shipped: false,
    shipped_date: null,
    eligibility_toggle: false,
    customer_approved: false,
    ticket_created: null,
    total: services.reduce((sum, s) => sum + s.total, 0),
    tax: 0,
    ...overrides,
    services,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    name: 'Monthly gloves',
    patient_id: 7,
    patient: { id: 7, first_name: 'Maria', last_name: 'Garcia' },
    delivery_id: 1,
    delivery: DELIVERIES[0],
    status_id: 1,
    status: STATUSES[0],
    po_number: 'PO-1',
    patient_notes: '',
    office_notes: '',
    expired_at: '2026-01-01',
    customer_approved: false,
    user_creator_id: 1,
    order_products: [],
    ocurrences: [],
    services: [],
    expirations: [],
    ...overrides,
  };
}
