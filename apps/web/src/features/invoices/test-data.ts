import type { Invoice, InvoiceService } from '@dme/shared';

export function makeService(overrides: Partial<InvoiceService> = {}): InvoiceService {
  return {
    id: 1,
    product: { id: 31 },
    order_product: { order_product_name: 'Nasal Cannula Adult 7ft', order_product_reference_code: 'A4615' },
    amount_remmited: 2,
    sale_price: 10,
    adjusted_sale_price: 10,
    added_percentage: false,
    outstanding: 20,
    amount_ajusted: 0,
    write_off: 0,
    tax_amount: 0,
    remitted: 0,
    variant: { price_variant: 'Medicare', unit_measure: 'Each' },
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 812,
    date: '2026-03-04',
    notes: 'Sent to Medicare.',
    service_date: '2026-03-02',
    balance: 35,
    order: {
      id: 77,
      name: 'CPAP supplies',
      po_number: 'PO-1',
      patient: { id: 5, first_name: 'Rose', last_name: 'Hill' },
    },
    services: [
      makeService({ id: 1, remitted: 12, outstanding: 8 }),
      makeService({
        id: 2,
        product: { id: 32 },
        order_product: { order_product_name: 'CPAP Full Face Mask', order_product_reference_code: 'A7030' },
        amount_remmited: 1,
        sale_price: 27,
        adjusted_sale_price: 27,
        outstanding: 27,
      }),
      makeService({
        id: 3,
        product: { id: 33 },
        order_product: { order_product_name: 'Humidifier Chamber', order_product_reference_code: 'A7046' },
        amount_remmited: 1,
        sale_price: 15,
        adjusted_sale_price: 15,
        outstanding: 0,
        remitted: 15,
      }),
    ],
    claim: null,
    ...overrides,
  };
}
