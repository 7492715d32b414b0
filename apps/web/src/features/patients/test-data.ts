import type { Patient, PatientDocument, PatientListRow } from '@dme/shared';

let next = 500;

/** A patient as GET /api/patients/{id}/ returns it, with overrides (component tests). */
export function makePatient(overrides: Partial<Patient> = {}): Patient {
  next += 1;
  return {
    id: next,
    first_name: 'Maria',
    middle_name: '',
    last_name: `Lopez${next}`,
    address_1: '12 Main St',
    address_2: '',
    city: 'Austin',
    zip: '78701',
    phone: '555-123-4567',
    mobile: '',
    fax: '',
    email: '',
    notes: '',
    gender: 'Female',
    physician_name: '',
    physician_npi: '',
    physician_phone: '',
    physician_fax: '',
    state: { id: 44, name: 'Texas' },
    birthdate: '1950-04-02',
    facility: false,
    rentals: false,
    call_before_delivery: false,
    contact_different_patient: false,
    status: 'Active',
    contact_person: [],
    tags: [
      { id: 1, name: 'Diabetic', checked: false },
      { id: 2, name: 'Oxygen', checked: true },
    ],
    insurances: [],
    diagnosis: [],
    health: [],
    attachments: [],
    orders: [],
    ...overrides,
  };
}

export function toListRow(p: Patient): PatientListRow {
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    birthdate: p.birthdate,
    city: p.city,
    state: p.state,
    phone: p.phone,
    status: p.status,
    rentals: p.rentals,
  };
}

/** A document as GET /api/patients/{id}/documents/ answers it (a valid standard written order), with overrides. */
export function makeDocument(overrides: Partial<PatientDocument> = {}): PatientDocument {
  next += 1;
  return {
    id: next,
    patient_id: 7,
    type: 'standard_written_order',
    date: '2026-03-01',
    order_id: null,
    attachment_id: null,
    attachment_name: null,
    practitioner_name: 'Dr. Ann Reyes',
    practitioner_npi: '1234567893',
    items: [{ hcpcs: 'E0601', quantity: 1 }],
    length_of_need_months: 12,
    vendor_id: null,
    vendor_name: null,
    number: '',
    hcpcs: ['E0601'],
    units: null,
    units_used: 0,
    start_date: null,
    end_date: null,
    valid_through: '2027-02-28',
    state: 'valid',
    ocurrence_id: null,
    delivery: null,
    created: '2026-03-01T15:00:00.000Z',
    user: 'admin',
    ...overrides,
  };
}
