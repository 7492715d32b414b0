import type { Invoice, InvoiceService, Page, RemittanceLine, User } from '@dme/shared';

let next = 100;

/** A user as GET /api/users/ returns it, with overrides. */
export function makeUser(
  overrides: Partial<Omit<User, 'profile'>> & { profile?: Partial<User['profile']> } = {},
): User {
  next += 1;
  const { profile, ...rest } = overrides;
  return {
    id: next,
    username: `user${next}`,
    email: `user${next}@example.com`,
    is_active: true,
    role: { id: 2, name: 'office_staff', label: 'Office Staff' },
    ...rest,
    profile: {
      first_name: 'First',
      middle_name: '',
      last_name: `Last${next}`,
      address_1: '',
      address_2: '',
      city: '',
      zip: '',
      phone: '',
      mobile: '',
      fax: '',
      birthdate: null,
      state: null,
      ...profile,
    },
  };
}

export const ROLES = [
  { id: 1, name: 'administrator', label: 'Administrator' },
  { id: 2, name: 'office_staff', label: 'Office Staff' },
  { id: 3, name: 'billing', label: 'Billing' },
];

export const STATES = [
  { id: 5, name: 'California', abbreviation: 'CA' },
  { id: 44, name: 'Texas', abbreviation: 'TX' },
];

/** A list page as the server answers it (one page of 25 holding every row unless told otherwise). */
export function page<T>(results: T[], count = results.length, pageSize = 25, current = 1): Page<T> {
  return { results, count, page_size: pageSize, current };
}

/** The mock answer of a list request: 200 with one page of the rows. */
export function pageAnswer<T>(results: T[]): readonly [200, Page<T>] {
  return [200, page(results)] as const;
}

/** A remittance (835) line as the invoice and claim screens receive it, with overrides. */
export function makeRemittanceLine(overrides: Partial<RemittanceLine> = {}): RemittanceLine {
  return {
    era_id: 15,
    check_number: 'EFT0042',
    payer: 'Medicare',
    claim_number: 'C000041',
    service_id: 1,
    hcpcs: 'A4615',
    paid: 12,
    adjusted: 6,
    patient_responsibility: 2,
    adjustments: [
      { group: 'CO', reason: '45', amount: 6, description: 'Charge exceeds fee schedule/maximum allowable' },
      { group: 'PR', reason: '2', amount: 2, description: 'Coinsurance amount' },
    ],
    remarks: [{ code: 'N130', description: 'Consult plan benefit documents for coverage' }],
    state: 'posted',
    posted: '2026-04-02T14:00:00.000Z',
    ...overrides,
  };
}

/** An invoice service as GET /api/invoices/{id}/ returns it, with overrides. */
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
    patient_responsibility: 0,
    variant: { price_variant: 'Medicare', unit_measure: 'Each' },
    ...overrides,
  };
}

/** An invoice (three services, 812, Rose Hill) as GET /api/invoices/{id}/ returns it, with overrides. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 812,
    date: '2026-03-04',
    notes: 'Sent to Medicare.',
    service_date: '2026-03-02',
    balance: 35,
    insurance_balance: 35,
    patient_balance: 0,
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
    remittance_lines: [],
    ...overrides,
  };
}
