import { formatDisplayDate, isWireDate } from '../common/dates.ts';
import type { PatientActivity } from './responses.ts';

/*
 * The words of a patient's activity (the Activity tab of Edit Patient). Here rather than in the
 * web so the server's tests read the trail they write in the words staff will see.
 */

/** A long value (general notes) is cut to this many characters in a sentence. */
const VALUE_MAX = 60;

/** "Maria Garcia" -> "M. Garcia"; a user without a name goes by the username. */
export function actorName(user: PatientActivity['user']): string {
  if (!user) return 'The system';
  const words = user.full_name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return user.username;
  if (words.length === 1) return words[0];
  return `${words[0][0].toUpperCase()}. ${words.slice(1).join(' ')}`;
}

/** What was touched, as staff call it; the server may name it "insurance" or "patient_insurance". */
const ENTITY_NOUNS: Record<string, string> = {
  patient: 'the record',
  insurance: 'insurance',
  diagnosis: 'diagnosis',
  diagnostic: 'diagnosis',
  hcps: 'HCPCS code',
  hcps_modifier: 'modifier',
  modifier: 'modifier',
  attachment: 'attachment',
  tag: 'tag',
  contact: 'contact',
  order: 'order',
  orders: 'orders',
};

function entityKey(entity: string): string {
  return entity.replace(/^patient_/, '');
}

function entityNoun(entity: string): string {
  const key = entityKey(entity);
  return ENTITY_NOUNS[key] ?? key.replace(/_/g, ' ');
}

const FIELD_LABELS: Record<string, string> = {
  first_name: 'first name',
  middle_name: 'middle name',
  last_name: 'last name',
  phone: 'phone',
  mobile: 'secondary phone',
  fax: 'fax',
  email: 'email',
  gender: 'gender',
  birthdate: 'date of birth',
  status: 'status',
  notes: 'general notes',
  address_1: 'address',
  address_2: 'address line 2',
  city: 'city',
  zip: 'ZIP',
  state: 'state',
  state_id: 'state',
  facility: 'facility',
  rentals: 'rentals',
  call_before_delivery: 'contact prior to delivery',
  contact_different_patient: 'contact different than patient',
  contact_person: 'contacts',
  physician_name: 'physician',
  physician_npi: 'physician NPI',
  physician_phone: 'physician phone',
  physician_fax: 'physician fax',
  name: 'name',
  policy_number: 'policy number',
  text: 'text',
  hcps_id: 'HCPCS code',
  code: 'ICD-10 code',
  vendor_id: 'payer',
  relationship: 'relationship to the insured',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

/** A value as a person reads it: yes/no, MM/DD/YYYY, long text cut short. */
export function readableValue(value: string): string {
  const v = value.trim();
  if (v === 'true') return 'yes';
  if (v === 'false') return 'no';
  if (isWireDate(v)) return formatDisplayDate(v);
  return v.length > VALUE_MAX ? `${v.slice(0, VALUE_MAX - 1).trimEnd()}…` : v;
}

/** One changed field; `subject` names the child it belongs to ("insurance policy number"). */
function changeText(change: PatientActivity['changes'][number], subject: string): string {
  const label = subject ? `${subject} ${fieldLabel(change.field)}` : fieldLabel(change.field);
  const from = readableValue(change.from);
  const to = readableValue(change.to);
  if (from === '') return `set ${label} to ${to}`;
  if (to === '') return `cleared ${label} (was ${from})`;
  return `changed ${label} from ${from} to ${to}`;
}

/** "a, b and c" */
function listText(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What identifies a child created or removed ("Medicare (policy 12345)", the diagnosis text). */
function childDetail(changes: PatientActivity['changes']): string {
  const value = (field: string) => readableValue(changes.find((c) => c.field === field)?.to ?? '');
  const name = value('name') || value('text');
  const policy = value('policy_number');
  if (name && policy) return ` ${name} (policy ${policy})`;
  return name || policy ? ` ${name || policy}` : '';
}

/** "occurrence 4567 (10/02/2026)": an occurrence by its id and date. */
function occurrenceText(entry: PatientActivity): string {
  const date = entry.details.date;
  return `occurrence ${entry.entity_id}${date ? ` (${readableValue(date)})` : ''}`;
}

/** "(12 patients)": how many patients a batch document holds. */
function patientsText(entry: PatientActivity): string {
  const count = entry.details.patients;
  if (count === undefined) return '';
  return count === '1' ? ' (1 patient)' : ` (${count} patients)`;
}

/** What a read was, by what it read: a screen is viewed, a document printed or downloaded. */
function readText(entry: PatientActivity): string {
  const key = entityKey(entry.entity);
  const id = entry.entity_id;
  switch (key) {
    case 'patient':
      return 'viewed the record';
    case 'attachment': {
      const name = entry.details.name;
      return `opened attachment${name ? ` ${name}` : ''}`;
    }
    case 'order':
      return `viewed order #${id}`;
    case 'order_products':
      return `viewed products of order #${id}`;
    case 'invoice':
      return `viewed invoice #${id}`;
    case 'invoice_pdf':
      return `printed invoice #${id}`;
    case 'call_detail':
      return `viewed call detail for ${occurrenceText(entry)}`;
    case 'call_notes':
      return `viewed call notes for ${occurrenceText(entry)}`;
    case 'remittance':
      return `viewed remittance for ${occurrenceText(entry)}`;
    case 'occurrence_payments':
      return `viewed payments for ${occurrenceText(entry)}`;
    case 'delivery_ticket':
      return `${entry.details.reprint === 'true' ? 'reprinted' : 'printed'} delivery ticket for ${occurrenceText(entry)}`;
    case 'proof_of_delivery':
      return `viewed proof of delivery for ${occurrenceText(entry)}`;
    case 'shipping_batch':
      return `printed shipping batch #${id}${patientsText(entry)}`;
    case 'large_batch':
      return `downloaded large batch #${id}${patientsText(entry)}`;
    case 'claim':
      return `viewed claim #${id}`;
    case 'claim_batch':
      return `downloaded claim file #${id}${patientsText(entry)}`;
    case 'expirations_pdf': {
      const { start_date: start, end_date: end } = entry.details;
      const range = start && end ? ` ${readableValue(start)} to ${readableValue(end)}` : '';
      return `printed expirations${range}${patientsText(entry)}`;
    }
    default:
      return `viewed the ${entityNoun(entry.entity)}`;
  }
}

function actionText(entry: PatientActivity): string {
  const key = entityKey(entry.entity);
  const noun = entityNoun(entry.entity);
  const isRecord = key === 'patient';
  switch (entry.action) {
    case 'read':
      return readText(entry);
    case 'create':
      return isRecord ? 'created the record' : `added ${noun}${childDetail(entry.changes)}`;
    case 'delete':
      return isRecord ? 'deleted the record' : `removed ${noun}${childDetail(entry.changes)}`;
    case 'update': {
      if (entry.changes.length === 0) return `updated ${noun}`;
      return listText(entry.changes.map((change) => changeText(change, isRecord ? '' : noun)));
    }
  }
}

/**
 * One activity entry in words: "M. Garcia viewed the record", "J. Wilson changed phone from
 * 515-555-0100 to 515-555-0199", "A. Admin added insurance Medicare (policy 12345)",
 * "M. Garcia printed delivery ticket for occurrence 4567 (10/02/2026)".
 */
export function activitySentence(entry: PatientActivity): string {
  return `${actorName(entry.user)} ${actionText(entry)}`;
}
