import { describe, expect, it } from 'vitest';
import { npiCheckDigit } from '../claims/rules.ts';
import { FIELD_MESSAGES } from '../common/limits.ts';
import {
  DOCUMENT_MESSAGES as M,
  RELEASE_REASON_MAX,
  SIGNATURE_MAX_BYTES,
  deliveryBodySchema,
  documentCreateSchema,
  documentFieldsSchema,
  documentUpdateSchema,
  draftOf,
  hcpcsListField,
  holdReleaseSchema,
  signatureBytes,
} from './schemas.ts';

/** Every message of a failed parse by field path, in order. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const NPI = `123456789${npiCheckDigit('123456789')}`;
const BAD_NPI = `123456789${(Number(npiCheckDigit('123456789')) + 1) % 10}`;

const swo = {
  type: 'standard_written_order',
  date: '2026-01-15',
  practitioner_name: 'Dr. Ada Lovelace',
  practitioner_npi: NPI,
  items: [{ hcpcs: 'E0601', quantity: 1 }],
  length_of_need_months: 12,
};
const pa = {
  type: 'prior_authorization',
  date: '2026-01-02',
  vendor_id: 7,
  number: '88123',
  hcpcs: ['E0193'],
  units: 10,
  start_date: '2026-01-01',
  end_date: '2026-03-31',
};
const f2f = { type: 'face_to_face', date: '2025-12-01', practitioner_name: 'Dr. Ada Lovelace', practitioner_npi: NPI };

describe('documentCreateSchema', () => {
  it('asks for the type', () => {
    expect(messages(documentCreateSchema.safeParse({}))).toEqual({ type: [M.typeInvalid] });
    expect(messages(documentCreateSchema.safeParse({ ...swo, type: 'invoice' }))).toEqual({ type: [M.typeInvalid] });
  });

  it("needs a standard written order's date, practitioner, items and length of need", () => {
    expect(documentCreateSchema.safeParse(swo).success).toBe(true);
    expect(messages(documentCreateSchema.safeParse({ type: 'standard_written_order' }))).toEqual({
      date: [M.dateRequired],
      practitioner_name: [M.practitionerRequired],
      practitioner_npi: [M.npiRequired],
      items: [M.itemsRequired],
      length_of_need_months: [M.lengthOfNeedInvalid],
    });
    expect(messages(documentCreateSchema.safeParse({ ...swo, items: [], date: ' ', practitioner_name: '  ' }))).toEqual(
      { date: [M.dateRequired], practitioner_name: [M.practitionerRequired], items: [M.itemsRequired] },
    );
  });

  it("checks the NPI's check digit", () => {
    expect(messages(documentCreateSchema.safeParse({ ...swo, practitioner_npi: BAD_NPI }))).toEqual({
      practitioner_npi: [M.npiInvalid],
    });
    expect(messages(documentCreateSchema.safeParse({ ...f2f, practitioner_npi: '12345' }))).toEqual({
      practitioner_npi: [M.npiInvalid],
    });
  });

  it("checks an order's items and length of need", () => {
    const bad = (fields: object) => messages(documentCreateSchema.safeParse({ ...swo, ...fields }));
    expect(bad({ items: [{ hcpcs: '12345', quantity: 1 }] })).toEqual({ 'items.0.hcpcs': [M.hcpcsInvalid] });
    expect(bad({ items: [{ hcpcs: 'E0601', quantity: 0 }] })).toEqual({ 'items.0.quantity': [M.quantityInvalid] });
    expect(bad({ items: [{ hcpcs: 'E0601', quantity: 1.5 }] })).toEqual({ 'items.0.quantity': [M.quantityInvalid] });
    expect(bad({ items: 'E0601' })).toEqual({ items: [M.itemsRequired] });
    for (const months of [0, 100, 1.5, 'lifetime']) {
      expect(bad({ length_of_need_months: months })).toEqual({ length_of_need_months: [M.lengthOfNeedInvalid] });
    }
    const parsed = documentCreateSchema.parse({
      ...swo,
      items: [{ hcpcs: ' e0601 ', quantity: '2' }],
      length_of_need_months: '99',
    });
    expect(parsed.items).toEqual([{ hcpcs: 'E0601', quantity: 2 }]);
    expect(parsed.length_of_need_months).toBe(99);
  });

  it("needs a prior authorization's payer, number, codes, units and dates", () => {
    expect(documentCreateSchema.safeParse(pa).success).toBe(true);
    expect(messages(documentCreateSchema.safeParse({ type: 'prior_authorization' }))).toEqual({
      date: [M.dateRequired],
      vendor_id: [M.payerRequired],
      number: [M.numberRequired],
      hcpcs: [M.hcpcsRequired],
      units: [M.unitsInvalid],
      start_date: [M.startRequired],
      end_date: [M.endRequired],
    });
    const bad = (fields: object) => messages(documentCreateSchema.safeParse({ ...pa, ...fields }));
    expect(bad({ end_date: '2025-12-31' })).toEqual({ end_date: [M.endBeforeStart] });
    expect(documentCreateSchema.safeParse({ ...pa, end_date: pa.start_date }).success).toBe(true);
    expect(bad({ units: 0 })).toEqual({ units: [M.unitsInvalid] });
    expect(bad({ units: '3 units' })).toEqual({ units: [M.unitsInvalid] });
    expect(bad({ units: 100_001 })).toEqual({ units: [M.unitsInvalid] });
    expect(bad({ vendor_id: 0 })).toEqual({ vendor_id: [M.payerRequired] });
    expect(bad({ hcpcs: [] })).toEqual({ hcpcs: [M.hcpcsRequired] });
    expect(bad({ start_date: '2026-02-30' })).toEqual({ start_date: [FIELD_MESSAGES.invalidDate] });
    expect(documentCreateSchema.parse({ ...pa, units: ' 12 ', vendor_id: '7' })).toMatchObject({
      units: 12,
      vendor_id: 7,
    });
  });

  it('needs a face-to-face encounter with its date and practitioner, and an uploaded proof of delivery with its date and file', () => {
    expect(documentCreateSchema.safeParse(f2f).success).toBe(true);
    expect(messages(documentCreateSchema.safeParse({ type: 'face_to_face' }))).toEqual({
      date: [M.dateRequired],
      practitioner_name: [M.practitionerRequired],
      practitioner_npi: [M.npiRequired],
    });
    // One entered by hand is an uploaded signed ticket: it needs its attachment.
    expect(messages(documentCreateSchema.safeParse({ type: 'proof_of_delivery' }))).toEqual({
      date: [M.dateRequired],
      attachment_id: [M.attachmentRequired],
    });
    expect(
      documentCreateSchema.safeParse({ type: 'proof_of_delivery', date: '2026-01-15', attachment_id: 7 }).success,
    ).toBe(true);
  });
});

describe('HCPCS lists', () => {
  it('reads comma or space separated text and arrays, in upper case, once each', () => {
    expect(hcpcsListField.parse('e0193, E0277')).toEqual(['E0193', 'E0277']);
    expect(hcpcsListField.parse(' e0193;e0277  E0193 ')).toEqual(['E0193', 'E0277']);
    expect(hcpcsListField.parse([' e0193', 'E0277', 'E0193'])).toEqual(['E0193', 'E0277']);
    expect(hcpcsListField.parse('')).toEqual([]);
  });

  it('refuses what is not a code', () => {
    expect(messages(hcpcsListField.safeParse('12345'))).toEqual({ '0': [M.hcpcsInvalid] });
    expect(messages(hcpcsListField.safeParse('E0193, E02'))).toEqual({ '1': [M.hcpcsInvalid] });
    expect(messages(hcpcsListField.safeParse(42))).toEqual({ '': [M.hcpcsInvalid] });
    expect(messages(documentCreateSchema.safeParse({ ...pa, hcpcs: 'E0193 12345' }))).toEqual({
      'hcpcs.1': [M.hcpcsInvalid],
    });
  });
});

describe('draftOf', () => {
  it("takes an order's codes from its items, and fills what was not sent", () => {
    const items = [
      { hcpcs: 'E0601', quantity: 1 },
      { hcpcs: 'A7030', quantity: 2 },
      { hcpcs: 'E0601', quantity: 3 },
    ];
    const fields = documentFieldsSchema.parse({ items, hcpcs: ['K0001'] });
    expect(draftOf({ ...fields, type: 'standard_written_order' }).hcpcs).toEqual(['E0601', 'A7030']);
    expect(draftOf({ ...fields, type: 'prior_authorization' }).hcpcs).toEqual(['K0001']);
    expect(draftOf({ ...documentFieldsSchema.parse({}), type: 'face_to_face' })).toEqual({
      type: 'face_to_face',
      date: null,
      attachment_id: null,
      practitioner_name: '',
      practitioner_npi: '',
      items: [],
      length_of_need_months: null,
      vendor_id: null,
      number: '',
      hcpcs: [],
      units: null,
      start_date: null,
      end_date: null,
    });
  });
});

describe('documentUpdateSchema', () => {
  it('takes any subset of the fields, leaving out what was not sent', () => {
    expect(documentUpdateSchema.parse({})).toEqual({});
    expect(documentUpdateSchema.parse({ units: '3', hcpcs: 'e0193 e0277' })).toEqual({
      units: 3,
      hcpcs: ['E0193', 'E0277'],
    });
    expect(documentUpdateSchema.parse({ end_date: '2026-12-31', length_of_need_months: null })).toEqual({
      end_date: '2026-12-31',
      length_of_need_months: null,
    });
    expect(messages(documentUpdateSchema.safeParse({ units: 0 }))).toEqual({ units: [M.unitsInvalid] });
    expect(messages(documentUpdateSchema.safeParse({ date: 'soon' }))).toEqual({ date: [FIELD_MESSAGES.invalidDate] });
  });
});

describe('holdReleaseSchema', () => {
  it('needs a reason that is not blank', () => {
    expect(holdReleaseSchema.parse({ reason: '  Paid by the patient ' })).toEqual({ reason: 'Paid by the patient' });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 3 }]) {
      expect(messages(holdReleaseSchema.safeParse(body))).toEqual({ reason: [M.releaseReasonRequired] });
    }
    expect(messages(holdReleaseSchema.safeParse({ reason: 'x'.repeat(RELEASE_REASON_MAX + 1) }))).toEqual({
      reason: [FIELD_MESSAGES.tooLong(RELEASE_REASON_MAX)],
    });
  });
});

// A 1x1 PNG (signature, IHDR, IDAT, IEND).
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A data URL of `size` bytes starting with the PNG signature. */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
};

describe('signatureBytes', () => {
  it("returns a PNG data URL's bytes", () => {
    const bytes = signatureBytes(PNG_URL);
    expect(bytes).toEqual(new Uint8Array(Buffer.from(PNG_BASE64, 'base64')));
    expect([...bytes!.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(signatureBytes(pngOfSize(SIGNATURE_MAX_BYTES))?.length).toBe(SIGNATURE_MAX_BYTES);
  });

  it('refuses other images, broken base64 and signatures over the size', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]).toString('base64');
    for (const url of [
      `data:image/jpeg;base64,${jpeg}`,
      `data:image/png;base64,${jpeg}`,
      PNG_BASE64,
      'data:image/png;base64,',
      'data:image/png;base64,@@@@',
      `data:image/png;base64,${PNG_BASE64.slice(0, -1)}`,
      `data:image/png;base64, ${PNG_BASE64}`,
      pngOfSize(SIGNATURE_MAX_BYTES + 1),
      pngOfSize(4 * SIGNATURE_MAX_BYTES),
    ]) {
      expect(signatureBytes(url)).toBeNull();
    }
  });
});

describe('deliveryBodySchema', () => {
  const delivery = {
    recipient_name: 'Grace Hopper',
    relationship: 'spouse',
    delivered_at: '2026-11-27T10:30',
    address: '1 Main St, Springfield',
    signature: PNG_URL,
  };
  const bad = (fields: object) => messages(deliveryBodySchema.safeParse({ ...delivery, ...fields }));

  it('takes a delivery, trimmed', () => {
    expect(deliveryBodySchema.parse({ ...delivery, recipient_name: ' Grace Hopper ' })).toEqual(delivery);
  });

  it('gives each missing or blank field its one message', () => {
    const all = {
      recipient_name: [M.recipientRequired],
      relationship: [M.relationshipInvalid],
      delivered_at: [M.deliveredAtRequired],
      address: [M.addressRequired],
      signature: [M.signatureRequired],
    };
    expect(messages(deliveryBodySchema.safeParse({}))).toEqual(all);
    expect(
      messages(
        deliveryBodySchema.safeParse({
          recipient_name: ' ',
          relationship: '',
          delivered_at: ' ',
          address: ' ',
          signature: '',
        }),
      ),
    ).toEqual(all);
  });

  it('knows the relationships', () => {
    for (const relationship of ['self', 'spouse', 'child', 'caregiver', 'facility_staff', 'other']) {
      expect(deliveryBodySchema.safeParse({ ...delivery, relationship }).success).toBe(true);
    }
    expect(bad({ relationship: 'neighbour' })).toEqual({ relationship: [M.relationshipInvalid] });
  });

  it('reads the delivery time as typed or as ISO text', () => {
    for (const delivered_at of [
      '2026-11-27T10:30',
      '2026-11-27 10:30',
      '2026-11-27T10:30:00.000Z',
      '2026-11-27T10:30:00-05:00',
    ]) {
      expect(deliveryBodySchema.parse({ ...delivery, delivered_at }).delivered_at).toBe(delivered_at);
    }
    for (const delivered_at of [
      'yesterday',
      '2026-11-27',
      '11/27/2026 10:30',
      '2026-11-27T25:30',
      '2026-02-30T10:30',
      '2026-02-29 10:30',
    ]) {
      expect(bad({ delivered_at })).toEqual({ delivered_at: [M.deliveredAtInvalid] });
    }
  });

  it('needs a PNG signature within the size', () => {
    const jpeg = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0]).toString('base64')}`;
    for (const signature of [jpeg, 'data:image/png;base64,%%%%', pngOfSize(SIGNATURE_MAX_BYTES + 1)]) {
      expect(bad({ signature })).toEqual({ signature: [M.signatureInvalid] });
    }
  });

  it('keeps lengths in bounds', () => {
    expect(bad({ recipient_name: 'x'.repeat(101) })).toEqual({ recipient_name: [FIELD_MESSAGES.tooLong(100)] });
    expect(bad({ address: 'x'.repeat(301) })).toEqual({ address: [FIELD_MESSAGES.tooLong(300)] });
  });
});
