import type { DocumentCreateBody, DocumentType, DocumentUpdateBody, PatientDocument } from '@dme/shared';

/** One item of a standard written order as typed. */
export interface ItemValues {
  hcpcs: string;
  quantity: string;
}

/** What the document dialog edits: every type's fields ('' for an empty select or number). */
export interface DocumentFormValues {
  type: DocumentType | '';
  date: string | null;
  order_id: number | '';
  attachment_id: number | '';
  practitioner_name: string;
  practitioner_npi: string;
  items: ItemValues[];
  length_of_need_months: string;
  vendor_id: number | '';
  number: string;
  /** The codes as typed, separated by commas ("E0193, K0856"). */
  hcpcs: string;
  units: string;
  start_date: string | null;
  end_date: string | null;
}

type BodyField = Exclude<keyof DocumentFormValues, 'type'>;

/** The fields of each type (besides date, order and attachment, which every type has). */
const TYPE_FIELDS: Record<DocumentType, BodyField[]> = {
  standard_written_order: ['practitioner_name', 'practitioner_npi', 'items', 'length_of_need_months'],
  prior_authorization: ['vendor_id', 'number', 'hcpcs', 'units', 'start_date', 'end_date'],
  face_to_face: ['practitioner_name', 'practitioner_npi'],
  proof_of_delivery: [],
};
const COMMON_FIELDS: BodyField[] = ['date', 'order_id', 'attachment_id'];

/** The fields a 422 may name for a document of this type (the items' own included). */
export function documentFieldNames(type: DocumentType | '', itemCount: number): string[] {
  const own = type === '' ? [] : TYPE_FIELDS[type];
  const items = own.includes('items')
    ? Array.from({ length: itemCount }, (_, i) => [`items.${i}.hcpcs`, `items.${i}.quantity`]).flat()
    : [];
  return ['type', ...COMMON_FIELDS, ...own, ...items];
}

export const emptyItem = (): ItemValues => ({ hcpcs: '', quantity: '1' });

export const emptyDocumentValues: DocumentFormValues = {
  type: '',
  date: null,
  order_id: '',
  attachment_id: '',
  practitioner_name: '',
  practitioner_npi: '',
  items: [emptyItem()],
  length_of_need_months: '',
  vendor_id: '',
  number: '',
  hcpcs: '',
  units: '',
  start_date: null,
  end_date: null,
};

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function documentToFormValues(document: PatientDocument): DocumentFormValues {
  return {
    type: document.type,
    date: document.date,
    order_id: document.order_id ?? '',
    attachment_id: document.attachment_id ?? '',
    practitioner_name: document.practitioner_name,
    practitioner_npi: document.practitioner_npi,
    items: document.items.length
      ? document.items.map((item) => ({ hcpcs: item.hcpcs, quantity: String(item.quantity) }))
      : [emptyItem()],
    length_of_need_months: numberText(document.length_of_need_months),
    vendor_id: document.vendor_id ?? '',
    number: document.number,
    hcpcs: document.hcpcs.join(', '),
    units: numberText(document.units),
    start_date: document.start_date,
    end_date: document.end_date,
  };
}

/**
 * A typed count as the shared schema reads it: digits as text, nothing as null. Other text is
 * sent as its number (or 0), so the schema answers its own message ("Units must be a whole number
 * of at least 1") rather than a bare "Invalid input".
 */
function countInput(text: string): string | number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^[0-9]+$/.test(trimmed)) return trimmed;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 0;
}

const FIELD_INPUT: { [K in BodyField]: (values: DocumentFormValues) => unknown } = {
  date: (v) => v.date,
  order_id: (v) => (v.order_id === '' ? null : v.order_id),
  attachment_id: (v) => (v.attachment_id === '' ? null : v.attachment_id),
  practitioner_name: (v) => v.practitioner_name,
  practitioner_npi: (v) => v.practitioner_npi.trim(),
  items: (v) => v.items.map((item) => ({ hcpcs: item.hcpcs, quantity: item.quantity.trim() })),
  length_of_need_months: (v) => countInput(v.length_of_need_months),
  vendor_id: (v) => (v.vendor_id === '' ? null : v.vendor_id),
  number: (v) => v.number,
  hcpcs: (v) => v.hcpcs,
  units: (v) => countInput(v.units),
  start_date: (v) => v.start_date,
  end_date: (v) => v.end_date,
};

/** What documentCreateSchema reads: the type and only its own fields (an SWO sends no payer). */
export function documentInput(values: DocumentFormValues): Record<string, unknown> {
  if (values.type === '') return { type: undefined };
  const fields = [...COMMON_FIELDS, ...TYPE_FIELDS[values.type]];
  return { type: values.type, ...Object.fromEntries(fields.map((f) => [f, FIELD_INPUT[f](values)])) };
}

/** The PATCH body of an edit: the validated fields of the document's type (the type itself stays). */
export function documentUpdateBody(body: DocumentCreateBody): DocumentUpdateBody {
  const fields = [...COMMON_FIELDS, ...TYPE_FIELDS[body.type]];
  const all: Record<string, unknown> = body;
  return Object.fromEntries(fields.map((f) => [f, all[f]])) as DocumentUpdateBody;
}

/** The POST body of a new document: its type and the validated fields of that type. */
export function documentCreateBody(body: DocumentCreateBody): DocumentCreateBody {
  return { type: body.type, ...documentUpdateBody(body) } as DocumentCreateBody;
}
