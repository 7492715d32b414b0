import type { BatchPrintItem, ShippingRecord } from '@dme/shared';

/** Shipping rows as the server answers them, with overrides (component tests only). */
let next = 700;

export const USA_STATES = [{ id: 16, name: 'Iowa', abbreviation: 'IA' }];

export function makeRecord(overrides: Partial<ShippingRecord> = {}): ShippingRecord {
  next += 1;
  return {
    id: next,
    date: '2026-05-04',
    eligibility_toggle: true,
    customer_approved: false,
    ticket_created: null,
    user_ticket: null,
    shipped: false,
    shipped_date: null,
    printed: false,
    batch_print_id: null,
    invoice_id: null,
    patient: {
      id: 7,
      first_name: 'Rose',
      last_name: 'Albright',
      state: { id: 16, name: 'Iowa' },
      call_before_delivery: false,
      facility: false,
    },
    order: { id: 31, name: 'CPAP Resupply', patient_id: 7 },
    holds: [],
    hold_release: null,
    delivery_document_id: null,
    ...overrides,
  };
}

export function makeBatchItem(overrides: Partial<BatchPrintItem> = {}): BatchPrintItem {
  next += 1;
  return {
    id: next,
    name: 'shipping-status-2026-05-01-2026-05-07.pdf',
    url: `/api/batch_prints/${next}/download/`,
    status: 'done',
    size: 2_400_000,
    time: '2026-05-03T15:04:00.000Z',
    finished_at: '2026-05-03T15:05:00.000Z',
    record_count: 120,
    rendered_count: 120,
    attempts: 1,
    stalled: false,
    error: null,
    ...overrides,
  };
}
