import type {
  CallCustomerRow,
  CallEligibilityRow,
  CallNote,
  CallOccurrence,
  CallService,
  CheckEligibilityRow,
  DocumentsQueueRow,
  ExpirationRow,
  PatientInsurance,
} from '@dme/shared';

/** Work-queue rows as the server answers them, with overrides (component tests only). */
let next = 900;
const id = () => ++next;

export const TEXAS = { id: 43, name: 'Texas', abbreviation: 'TX' };
export const USA_STATES = [{ id: 43, name: 'Texas', abbreviation: 'TX' }];

export function makeExpiration(overrides: Partial<ExpirationRow> = {}): ExpirationRow {
  return {
    id: id(),
    order_id: 3,
    date: '2026-03-10',
    note: 'Renew the prescription',
    yellow: false,
    yellow_date: null,
    waiver: true,
    solved: false,
    red_solved_date: null,
    yellow_solved_date: null,
    order: { id: 3, patient_id: 7 },
    patient: { id: 7, first_name: 'Maria', last_name: 'Garcia' },
    dos: '2026-03-10',
    last_service: { date: '2026-06-10' },
    color: 'red',
    ...overrides,
  };
}

const patientBase = { id: 7, first_name: 'Maria', last_name: 'Garcia', state: TEXAS };

/** The patient's Medicare insurance, with no coverage details beyond the spec's name and policy number. */
const MEDICARE: PatientInsurance = {
  id: 1,
  name: 'Medicare',
  policy_number: 'MC-1',
  vendor_id: null,
  priority: null,
  group_number: '',
  relationship: '18',
  subscriber_first_name: '',
  subscriber_last_name: '',
  subscriber_birthdate: null,
  subscriber_gender: '',
  payer: null,
};

export function makeCallPatient(overrides: Partial<CallCustomerRow> = {}): CallCustomerRow {
  return {
    id: id(),
    date: '2026-03-10',
    customer_approved: false,
    eligibility_toggle: false,
    shipped: false,
    order: {
      id: 3,
      name: 'Monthly gloves',
      patient: {
        ...patientBase,
        phone: '(555) 010-2000',
        mobile: '(555) 010-3000',
        call_before_delivery: true,
        contact_person: [
          { contact_name: 'Luis Garcia', contact_number: '(555) 010-4000', contact_relation: 'Son' },
          { contact_name: 'Ana Garcia', contact_number: '(555) 010-5000', contact_relation: 'Daughter' },
        ],
      },
    },
    ...overrides,
  };
}

export function makeEligibilityRow(overrides: Partial<CheckEligibilityRow> = {}): CheckEligibilityRow {
  return {
    id: id(),
    date: '2026-03-10',
    eligibility_toggle: false,
    order: {
      id: 3,
      name: 'Monthly gloves',
      patient: {
        ...patientBase,
        birthdate: '1950-04-02',
        insurances: [MEDICARE],
      },
    },
    ...overrides,
  };
}

export function makeCallEligibilityRow(
  overrides: Partial<CallEligibilityRow> = {},
  patient: Partial<CallEligibilityRow['order']['patient']> = {},
): CallEligibilityRow {
  return {
    holds: [],
    hold_release: null,
    id: id(),
    date: '2026-03-10',
    eligibility_toggle: false,
    customer_approved: false,
    shipped: false,
    order: {
      id: 3,
      name: 'Monthly gloves',
      patient: {
        ...patientBase,
        birthdate: '1950-04-02',
        facility: false,
        call_before_delivery: true,
        insurances: [MEDICARE],
        ...patient,
      },
    },
    has_expirations: false,
    expirations: [],
    alert: 'empty',
    ...overrides,
  };
}

export function makeCallService(overrides: Partial<CallService> = {}): CallService {
  return {
    id: id(),
    date: '2026-03-10',
    ocurrence_id: 5,
    order_product_id: 1,
    product: { id: 41, name: 'Nitrile Gloves', internal_code: 'GLV-100' },
    order_product: { order_product_name: 'Nitrile Gloves', order_product_reference_code: 'GLV-100' },
    variant_id: 71,
    variant: { id: 71, price_variant: 'General', unit_measure: 'Box' },
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
    rental_month: null,
    modifiers: [],
    billable: true,
    expected_allowed: null,
    rental_note: '',
    ...overrides,
  };
}

export function makeCallOccurrence(overrides: Partial<CallOccurrence> = {}): CallOccurrence {
  return {
    holds: [],
    hold_release: null,
    id: 5,
    date: '2026-03-10',
    eligibility_toggle: false,
    customer_approved: false,
    shipped: false,
    po_number: '',
    insurances: [],
    services: [makeCallService()],
    total: 25,
    tax: 0,
    order: {
      id: 3,
      name: 'Monthly gloves',
      patient_id: 7,
      patient: {
        ...patientBase,
        patient_id: 7,
        notes: 'Prefers mornings',
        birthdate: '1950-04-02',
        call_before_delivery: true,
        facility: false,
        phone: '',
        mobile: '',
        insurances: [],
        contact_person: [],
      },
      user_creator_id: 1,
      office_notes: 'Office text',
      patient_notes: '',
      expirations: [],
    },
    ...overrides,
  };
}

export function makeCallNote(body: string): CallNote {
  return { id: id(), body, created: '2026-03-09T15:30:00Z', user_stamped: { id: 1, username: 'admin' } };
}

/** A row of the Documents queue: an occurrence on hold unless told otherwise. */
export function makeDocumentsQueueRow(overrides: Partial<DocumentsQueueRow> = {}): DocumentsQueueRow {
  return {
    kind: 'ocurrence',
    id: id(),
    date: '2026-03-10',
    patient: patientBase,
    order: { id: 3, name: 'Power wheelchair' },
    document: null,
    description: 'On hold: no prior authorization for K0856',
    holds: ['No prior authorization for K0856 from Medicare DME'],
    ...overrides,
  };
}
