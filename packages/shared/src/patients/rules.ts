/** Pure rules of the patients area, used by the server and the web form alike. */
import { cleanFileName, detectFileType, nameForContent } from '../common/file-types.ts';

export const PATIENT_STATUSES = ['Active', 'Inactive', 'Deceased'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
/** New patients start Active (spec part 1, section 4). */
export const DEFAULT_PATIENT_STATUS: PatientStatus = 'Active';
/** A loaded patient without a status is shown as Inactive (spec part 1, section 4). */
export const FALLBACK_PATIENT_STATUS: PatientStatus = 'Inactive';

export const PATIENT_GENDERS = ['Female', 'Male'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

export const NPI_LENGTH = 10;

/** Columns the patient lists sort by; anything else falls back to the default. */
export const PATIENT_ORDERING_FIELDS = [
  'first_name',
  'last_name',
  'birthdate',
  'city',
  'state',
  'phone',
  'status',
] as const;
export type PatientOrderingField = (typeof PATIENT_ORDERING_FIELDS)[number];
export const DEFAULT_PATIENT_ORDERING: PatientOrderingField = 'first_name';

/** Pickers (GET /patients_list/) answer at most this many patients. */
export const PATIENT_PICKER_LIMIT = 100;

export function isPatientStatus(value: unknown): value is PatientStatus {
  return typeof value === 'string' && (PATIENT_STATUSES as readonly string[]).includes(value);
}

export function patientStatusOrFallback(value: string | null | undefined): PatientStatus {
  return isPatientStatus(value) ? value : FALLBACK_PATIENT_STATUS;
}

/** "-last_name" -> { field: 'last_name', desc: true }; unknown fields become the default ascending. */
export function patientOrdering(ordering: string | null | undefined): { field: PatientOrderingField; desc: boolean } {
  const raw = (ordering ?? '').trim();
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  if ((PATIENT_ORDERING_FIELDS as readonly string[]).includes(field)) {
    return { field: field as PatientOrderingField, desc };
  }
  return { field: DEFAULT_PATIENT_ORDERING, desc: false };
}

/** Spaces, dots and dashes never belong to a policy number (spec part 1, section 5). */
export function cleanPolicyNumber(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export interface ContactSwitches {
  call_before_delivery: boolean;
  contact_different_patient: boolean;
}

/** The contact-person editor is shown, and its rows kept, only with both switches on. */
export function contactsEnabled(p: ContactSwitches): boolean {
  return p.call_before_delivery && p.contact_different_patient;
}

/** What is stored on submit: the rows when both switches are on, otherwise nothing. */
export function keptContacts<T>(p: ContactSwitches & { contact_person: T[] }): T[] {
  return contactsEnabled(p) ? p.contact_person : [];
}

export interface ContactIssue {
  path: ['contact_person', number, 'contact_name'];
  message: string;
}

/** Each kept contact row needs a name. */
export function contactPersonIssues(
  p: ContactSwitches & { contact_person: { contact_name: string }[] },
): ContactIssue[] {
  if (!contactsEnabled(p)) return [];
  return p.contact_person.flatMap((row, i) =>
    row.contact_name.trim()
      ? []
      : [{ path: ['contact_person', i, 'contact_name'] as ContactIssue['path'], message: 'Is required' }],
  );
}

/**
 * Attachment types accepted on upload, by extension, with the content type they are served
 * with. The file's bytes decide what it is (common/file-types.ts); this list is what the file
 * picker offers.
 */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Value for a file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export const ATTACHMENT_TYPE_MESSAGE = 'This file type is not allowed (pdf, images, txt, csv, doc, docx, xls, xlsx)';

/**
 * How an upload is kept, from its first bytes (`complete` when they are the whole file) and the
 * name the browser sent: the cleaned name (its extension made to match the content), the
 * extension to store it under and the content type to serve it with. Null when the bytes are
 * not an allowed document or image: the browser's content type and the name are never trusted.
 */
export function attachmentFile(
  filename: string | undefined,
  head: Uint8Array,
  complete: boolean,
): { name: string; extension: string; contentType: string } | null {
  const detected = detectFileType(head, complete);
  if (!detected) return null;
  return nameForContent(cleanFileName(filename), detected);
}

/** "The file is too large (max 25 MB)" for the configured limit in bytes. */
export function attachmentTooLargeMessage(maxBytes: number): string {
  const mb = Number((maxBytes / (1024 * 1024)).toFixed(2));
  return `The file is too large (max ${mb} MB)`;
}
