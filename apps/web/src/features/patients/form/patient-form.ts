import {
  contactsEnabled,
  DEFAULT_PATIENT_STATUS,
  patientStatusOrFallback,
  type CreatePatientBody,
  type PatchPatientBody,
  type Patient,
  type PatientGender,
  type PatientStatus,
} from '@dme/shared';

export interface ContactRow {
  contact_name: string;
  contact_number: string;
  contact_relation: string;
}

/** What the Create and Edit Patient forms edit; the shared createPatientSchema turns it into a body. */
export interface PatientFormValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
  mobile: string;
  gender: PatientGender | '';
  email: string;
  birthdate: string | null;
  status: PatientStatus;
  call_before_delivery: boolean;
  contact_different_patient: boolean;
  contact_person: ContactRow[];
  address_1: string;
  address_2: string;
  city: string;
  state_id: number | null;
  zip: string;
  facility: boolean;
  rentals: boolean;
  notes: string;
  physician_name: string;
  physician_npi: string;
  physician_phone: string;
  physician_fax: string;
}

export const emptyContact: ContactRow = { contact_name: '', contact_number: '', contact_relation: '' };

export function emptyPatientValues(options: { rentals?: boolean } = {}): PatientFormValues {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    phone: '',
    mobile: '',
    gender: '',
    email: '',
    birthdate: null,
    status: DEFAULT_PATIENT_STATUS,
    call_before_delivery: false,
    contact_different_patient: false,
    contact_person: [],
    address_1: '',
    address_2: '',
    city: '',
    state_id: null,
    zip: '',
    facility: false,
    rentals: options.rentals ?? false,
    notes: '',
    physician_name: '',
    physician_npi: '',
    physician_phone: '',
    physician_fax: '',
  };
}

export function patientToFormValues(patient: Patient): PatientFormValues {
  const contacts = patient.contact_person.map((c) => ({ ...c }));
  return {
    first_name: patient.first_name,
    middle_name: patient.middle_name,
    last_name: patient.last_name,
    phone: patient.phone,
    mobile: patient.mobile,
    gender: patient.gender,
    email: patient.email,
    birthdate: patient.birthdate,
    // A record without a (known) status is shown as Inactive (spec part 1, section 4).
    status: patientStatusOrFallback(patient.status),
    call_before_delivery: patient.call_before_delivery,
    contact_different_patient: patient.contact_different_patient,
    // The editor always shows at least one row when it is open.
    contact_person: contactsEnabled(patient) && contacts.length === 0 ? [{ ...emptyContact }] : contacts,
    address_1: patient.address_1,
    address_2: patient.address_2,
    city: patient.city,
    state_id: patient.state?.id ?? null,
    zip: patient.zip,
    facility: patient.facility,
    rentals: patient.rentals,
    notes: patient.notes,
    physician_name: patient.physician_name,
    physician_npi: patient.physician_npi,
    physician_phone: patient.physician_phone,
    physician_fax: patient.physician_fax,
  };
}

/** Fields the form edits: a PATCH sends exactly these, so fields it does not show (fax) stay as stored. */
export const PATIENT_FORM_FIELDS = Object.keys(emptyPatientValues()) as (keyof PatientFormValues)[];

/**
 * The PATCH body of Edit Patient. contact_person is sent only with both contact switches on (spec
 * part 1 section 5): with either off it is left out, so the saved contacts stay and come back when
 * the switches are turned on again.
 */
export function toPatchBody(body: CreatePatientBody): PatchPatientBody {
  const fields = contactsEnabled(body)
    ? PATIENT_FORM_FIELDS
    : PATIENT_FORM_FIELDS.filter((f) => f !== 'contact_person');
  return Object.fromEntries(fields.map((key) => [key, body[key]])) as PatchPatientBody;
}

/** Names a server 422 may carry that the form can show under a field (contact rows included). */
export function errorFieldNames(contactRows: number): string[] {
  const rows = Array.from({ length: contactRows }, (_, i) =>
    (['contact_name', 'contact_number', 'contact_relation'] as const).map((f) => `contact_person.${i}.${f}`),
  ).flat();
  return [...PATIENT_FORM_FIELDS, ...rows];
}
