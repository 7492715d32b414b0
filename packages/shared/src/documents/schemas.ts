import { z } from 'zod';
import { isValidNpi, normalizeHcpcs, HCPCS_FORMAT } from '../claims/rules.ts';
import { isWireDate } from '../common/dates.ts';
import { FIELD_MESSAGES } from '../common/limits.ts';
import { idField, optionalText } from '../common/fields.ts';

/** The kinds of document a patient's file holds (issue 34). */
export const DOCUMENT_TYPES = [
  'standard_written_order',
  'prior_authorization',
  'face_to_face',
  'proof_of_delivery',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  standard_written_order: 'Standard written order',
  prior_authorization: 'Prior authorization',
  face_to_face: 'Face-to-face encounter',
  proof_of_delivery: 'Proof of delivery',
};

/** Who took a delivery from the driver. */
export const DELIVERY_RELATIONSHIPS = ['self', 'spouse', 'child', 'caregiver', 'facility_staff', 'other'] as const;
export type DeliveryRelationship = (typeof DELIVERY_RELATIONSHIPS)[number];
export const DELIVERY_RELATIONSHIP_LABELS: Record<DeliveryRelationship, string> = {
  self: 'Self',
  spouse: 'Spouse',
  child: 'Child',
  caregiver: 'Caregiver',
  facility_staff: 'Facility staff',
  other: 'Other',
};

/** A length of need of 99 months means a lifetime (CMS). */
export const LIFETIME_MONTHS = 99;
/** A document runs out "soon" within this many days (the Documents tab and queue). */
export const EXPIRING_DAYS = 30;
/** A face-to-face encounter counts when it is within this many months before the order. */
export const FACE_TO_FACE_MONTHS = 6;

export const DOCUMENT_MESSAGES = {
  typeInvalid: 'Select a document type',
  dateRequired: 'Date is required',
  practitionerRequired: 'Practitioner name is required',
  npiRequired: 'Practitioner NPI is required',
  npiInvalid: 'Enter a valid 10-digit NPI (its check digit does not match)',
  itemsRequired: 'Add at least one item with its HCPCS code and quantity',
  hcpcsInvalid: 'Enter HCPCS codes such as E0601 (a letter and four digits)',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  lengthOfNeedInvalid: 'Length of need must be 1 to 99 months (99 = lifetime)',
  payerRequired: 'Payer is required',
  numberRequired: 'Authorization number is required',
  hcpcsRequired: 'Add at least one HCPCS code',
  unitsInvalid: 'Units must be a whole number of at least 1',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endBeforeStart: 'The end date cannot be before the start date',
  proofMadeByDelivery: 'A recorded delivery cannot be changed; record a new document instead',
  attachmentRequired: 'Attach the signed delivery ticket',
  orderNotFound: "Select one of this patient's orders",
  attachmentNotFound: "Select one of this patient's attachments",
  payerNotFound: 'Select an existing payer',
  created: 'The document has been saved',
  updated: 'The document has been updated',
  deleted: 'The document has been deleted',
  releaseReasonRequired: 'Give the reason for the release',
  notHeld: 'This occurrence is not on hold',
  alreadyReleased: 'This occurrence was already released',
  released: 'The hold has been released',
  recipientRequired: "Recipient's name is required",
  relationshipInvalid: 'Select the relationship to the patient',
  deliveredAtRequired: 'Delivery date and time are required',
  deliveredAtInvalid: 'Enter the delivery date and time',
  deliveredInFuture: 'The delivery date cannot be in the future',
  deliveredBeforeTicket: 'The delivery cannot be before the delivery ticket was printed',
  addressRequired: 'Delivery address is required',
  signatureRequired: 'The recipient must sign',
  signatureInvalid: 'The signature must be a PNG image of at most 512 kB',
  noTicket: 'Print the delivery ticket before recording the delivery',
  alreadyDelivered: 'This occurrence was already delivered',
  delivered: 'The delivery has been recorded',
  /** Before a batch: how many available occurrences it will leave out as held. */
  heldLeftOut: (n: number) =>
    `${n} on hold ${n === 1 ? 'is' : 'are'} left out until ${n === 1 ? 'its documents are' : 'their documents are'} on file.`,
  /** Batch prints leave held occurrences out and say how many. */
  heldSkipped: (n: number) =>
    `${n} ${n === 1 ? 'occurrence is' : 'occurrences are'} on hold and ${n === 1 ? 'was' : 'were'} not printed`,
} as const;
const M = DOCUMENT_MESSAGES;

export const DOCUMENT_NUMBER_MAX = 50;
export const PRACTITIONER_NAME_MAX = 100;
export const DELIVERY_ADDRESS_MAX = 300;
export const RELEASE_REASON_MAX = 500;
/** The most codes one document covers, and the most units one authorization grants. */
export const DOCUMENT_HCPCS_MAX = 50;
export const DOCUMENT_UNITS_MAX = 100_000;
/** A drawn signature: a PNG data URL of at most this many bytes once decoded. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

/** One code as typed ("e0601 ") in its stored form, or the raw text when it is not a code. */
const hcpcsCode = z
  .string({ error: M.hcpcsInvalid })
  .transform(normalizeHcpcs)
  .refine((c) => HCPCS_FORMAT.test(c), M.hcpcsInvalid);

/** A list of codes: an array or comma/space separated text; duplicates dropped. */
export const hcpcsListField = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter((c) => c !== '') : v),
    z.array(hcpcsCode, { error: M.hcpcsInvalid }).max(DOCUMENT_HCPCS_MAX, FIELD_MESSAGES.tooLong(DOCUMENT_HCPCS_MAX)),
  )
  .transform((codes) => [...new Set(codes)]);

const wholeNumber = (message: string, max = DOCUMENT_UNITS_MAX) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[0-9]+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

const optionalDate = z
  .string({ error: FIELD_MESSAGES.invalidDate })
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isWireDate(v), FIELD_MESSAGES.invalidDate);

const documentItemSchema = z.object({ hcpcs: hcpcsCode, quantity: wholeNumber(M.quantityInvalid) });
export type DocumentItem = z.output<typeof documentItemSchema>;

/**
 * The fields of a document, each optional here: which ones a type needs is `documentIssues`'s
 * rule, checked on the whole document (a PATCH is merged with the stored one first).
 */
export const documentFieldsSchema = z.object({
  date: optionalDate,
  order_id: idField().nullish(),
  attachment_id: idField().nullish(),
  practitioner_name: optionalText(PRACTITIONER_NAME_MAX),
  practitioner_npi: optionalText(10),
  items: z.array(documentItemSchema, { error: M.itemsRequired }).max(DOCUMENT_HCPCS_MAX).optional(),
  length_of_need_months: z
    .union([wholeNumber(M.lengthOfNeedInvalid, 99), z.null()], { error: M.lengthOfNeedInvalid })
    .optional(),
  vendor_id: idField(M.payerRequired).nullish(),
  number: optionalText(DOCUMENT_NUMBER_MAX),
  hcpcs: hcpcsListField.optional(),
  units: z.union([wholeNumber(M.unitsInvalid), z.null()], { error: M.unitsInvalid }).optional(),
  start_date: optionalDate,
  end_date: optionalDate,
});
export type DocumentFields = z.output<typeof documentFieldsSchema>;

/** A whole document as stored and checked (what `documentIssues` reads). */
export interface DocumentDraft {
  type: DocumentType;
  date: string | null;
  attachment_id: number | null;
  practitioner_name: string;
  practitioner_npi: string;
  items: DocumentItem[];
  length_of_need_months: number | null;
  vendor_id: number | null;
  number: string;
  hcpcs: string[];
  units: number | null;
  start_date: string | null;
  end_date: string | null;
}

/** What a document of its type lacks or gets wrong, by field: empty when it can be saved. */
export function documentIssues(d: DocumentDraft): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  const add = (field: string, message: string) => (issues[field] ??= []).push(message);
  if (!d.date) add('date', M.dateRequired);
  const practitioner = () => {
    if (!d.practitioner_name) add('practitioner_name', M.practitionerRequired);
    if (!d.practitioner_npi) add('practitioner_npi', M.npiRequired);
    else if (!isValidNpi(d.practitioner_npi)) add('practitioner_npi', M.npiInvalid);
  };
  switch (d.type) {
    case 'standard_written_order':
      practitioner();
      if (d.items.length === 0) add('items', M.itemsRequired);
      if (d.length_of_need_months === null) add('length_of_need_months', M.lengthOfNeedInvalid);
      break;
    case 'prior_authorization':
      if (d.vendor_id === null) add('vendor_id', M.payerRequired);
      if (!d.number) add('number', M.numberRequired);
      if (d.hcpcs.length === 0) add('hcpcs', M.hcpcsRequired);
      if (d.units === null) add('units', M.unitsInvalid);
      if (!d.start_date) add('start_date', M.startRequired);
      if (!d.end_date) add('end_date', M.endRequired);
      if (d.start_date && d.end_date && d.end_date < d.start_date) add('end_date', M.endBeforeStart);
      break;
    case 'face_to_face':
      practitioner();
      break;
    case 'proof_of_delivery':
      // One typed in by hand is an uploaded signed ticket; the delivery route records its own.
      if (d.attachment_id === null) add('attachment_id', M.attachmentRequired);
      break;
  }
  return issues;
}

/** POST /patients/{id}/documents/: the type and the fields; `documentIssues` is applied. */
export const documentCreateSchema = documentFieldsSchema
  .extend({ type: z.enum(DOCUMENT_TYPES, { error: M.typeInvalid }) })
  .superRefine((body, ctx) => {
    const issues = documentIssues(draftOf(body));
    for (const [field, messages] of Object.entries(issues)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type DocumentCreateInput = z.input<typeof documentCreateSchema>;
export type DocumentCreateBody = z.output<typeof documentCreateSchema>;

/** PATCH /documents/{id}/: any of the fields (the type stays); the merged document is checked. */
export const documentUpdateSchema = documentFieldsSchema.partial();
export type DocumentUpdateBody = z.output<typeof documentUpdateSchema>;

/** A document body with its type as a whole draft: what is not sent is empty. An SWO covers its items' codes. */
export function draftOf(body: DocumentFields & { type: DocumentType }): DocumentDraft {
  const items = body.items ?? [];
  return {
    type: body.type,
    date: body.date ?? null,
    attachment_id: body.attachment_id ?? null,
    practitioner_name: body.practitioner_name ?? '',
    practitioner_npi: body.practitioner_npi ?? '',
    items,
    length_of_need_months: body.length_of_need_months ?? null,
    vendor_id: body.vendor_id ?? null,
    number: body.number ?? '',
    hcpcs: body.type === 'standard_written_order' ? [...new Set(items.map((i) => i.hcpcs))] : (body.hcpcs ?? []),
    units: body.units ?? null,
    start_date: body.start_date ?? null,
    end_date: body.end_date ?? null,
  };
}

/** POST /ocurrences/{id}/hold_release/. */
export const holdReleaseSchema = z.object({
  reason: z
    .string({ error: M.releaseReasonRequired })
    .trim()
    .min(1, M.releaseReasonRequired)
    .max(RELEASE_REASON_MAX, FIELD_MESSAGES.tooLong(RELEASE_REASON_MAX)),
});
export type HoldReleaseBody = z.output<typeof holdReleaseSchema>;

const SIGNATURE_PREFIX = 'data:image/png;base64,';

/** The PNG bytes of a signature data URL, or null when it is not a PNG data URL within the size. */
export function signatureBytes(dataUrl: string): Uint8Array | null {
  if (!dataUrl.startsWith(SIGNATURE_PREFIX)) return null;
  const base64 = dataUrl.slice(SIGNATURE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return null;
  if ((base64.length / 4) * 3 > SIGNATURE_MAX_BYTES + 3) return null;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > SIGNATURE_MAX_BYTES || !png.every((b, i) => bytes[i] === b)) return null;
  return bytes;
}

/** The signed proof of delivery's file name (GET /ocurrences/{id}/delivery/proof/). */
export const proofOfDeliveryFileName = (occurrenceId: number) => `proof-of-delivery-${occurrenceId}.pdf`;

/**
 * POST /ocurrences/{id}/delivery/: who took the delivery, when (a date and time; an ISO text, or
 * "YYYY-MM-DD HH:mm" as typed), where, and the drawn signature (a PNG data URL).
 */
export const deliveryBodySchema = z.object({
  recipient_name: z
    .string({ error: M.recipientRequired })
    .trim()
    .min(1, M.recipientRequired)
    .max(PRACTITIONER_NAME_MAX, FIELD_MESSAGES.tooLong(PRACTITIONER_NAME_MAX)),
  relationship: z.enum(DELIVERY_RELATIONSHIPS, { error: M.relationshipInvalid }),
  delivered_at: z
    .string({ error: M.deliveredAtRequired })
    .trim()
    .min(1, { error: M.deliveredAtRequired, abort: true })
    // Date.parse rolls a day the month lacks ("2026-02-30") over into the next month: the date is checked first.
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) && isWireDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)),
      M.deliveredAtInvalid,
    ),
  address: z
    .string({ error: M.addressRequired })
    .trim()
    .min(1, M.addressRequired)
    .max(DELIVERY_ADDRESS_MAX, FIELD_MESSAGES.tooLong(DELIVERY_ADDRESS_MAX)),
  signature: z
    .string({ error: M.signatureRequired })
    .min(1, { error: M.signatureRequired, abort: true })
    .refine((v) => signatureBytes(v) !== null, M.signatureInvalid),
});
export type DeliveryBody = z.output<typeof deliveryBodySchema>;
