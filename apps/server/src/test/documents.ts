import { shiftDate } from '@dme/shared';
import { auth, unique, type TestContext } from './helper.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from './factories.ts';

/**
 * Test data of documents and holds: a payer (Medicare or not, with its prior-authorization
 * codes), and a patient covered by it (priority 1) with an order whose One Time lines make one
 * occurrence on `date`, each line a product with its HCPCS code, written through the routes and
 * the products' codes set directly.
 */

export async function holdPayer(
  t: TestContext,
  opts: { medicare?: boolean; priorAuth?: string[]; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = opts.name ?? unique('Payer ');
  const { id } = await t.db
    .insertInto('vendors')
    .values({
      name,
      phone: '515-555-0100',
      payer_id: 'DMEJD',
      claim_filing_indicator: opts.medicare === false ? 'CI' : 'MB',
      prior_auth_hcpcs: opts.priorAuth ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

export interface HoldItemSpec {
  hcpcs: string;
  quantity?: number;
  faceToFace?: boolean;
}

export interface CoveredOccurrence {
  patientId: number;
  lastName: string;
  orderId: number;
  occurrenceId: number;
  date: string;
}

/** Adds an occurrence on `date` to a new order of the patient: one One Time line per item. */
export async function addOccurrence(
  t: TestContext,
  patientId: number,
  date: string,
  items: HoldItemSpec[],
): Promise<{ orderId: number; occurrenceId: number }> {
  const order = await createOrder(t, patientId);
  for (const item of items) {
    const product = await createProduct(t);
    await t.db
      .updateTable('products')
      .set({ hcpcs_code: item.hcpcs, face_to_face: item.faceToFace ?? false })
      .where('id', '=', product.id)
      .execute();
    await addLine(
      t,
      order.id,
      lineBody(product, {
        recurrence_id: 5,
        quantity: item.quantity ?? 1,
        service_date: date,
        end_date: shiftDate(date, 2, 'month'),
      }),
    );
  }
  const { id } = await t.db
    .selectFrom('ocurrences')
    .select('id')
    .where('order_id', '=', order.id)
    .where('date', '=', date)
    .executeTakeFirstOrThrow();
  return { orderId: order.id, occurrenceId: id };
}

/** A patient whose primary coverage is `payer` (none when null), with one occurrence of `items` on `date`. */
export async function coveredOccurrence(
  t: TestContext,
  opts: {
    payer: { id: number; name: string } | null;
    date: string;
    items?: HoldItemSpec[];
    patient?: Record<string, unknown>;
  },
): Promise<CoveredOccurrence> {
  const lastName = unique('Hold');
  const patient = await createPatient(t, { last_name: lastName, ...opts.patient });
  if (opts.payer) {
    await t.db
      .insertInto('patient_insurances')
      .values({
        patient_id: patient.id,
        name: opts.payer.name,
        policy_number: '1EG4TE5MK72',
        vendor_id: opts.payer.id,
        priority: 1,
      })
      .execute();
  }
  const made = await addOccurrence(t, patient.id, opts.date, opts.items ?? [{ hcpcs: 'E0601' }]);
  return { patientId: patient.id, lastName: patient.last_name, date: opts.date, ...made };
}

/** Creates a document through the route (201 expected) and answers it. */
export async function addDocument(
  t: TestContext,
  patientId: number,
  body: Record<string, unknown>,
): Promise<{ id: number; [key: string]: unknown }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/patients/${patientId}/documents/`,
    headers: auth(t.adminToken),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A standard written order body: Dr. Alan Brooks (a valid NPI), the codes one each, 12 months. */
export function orderBody(date: string, codes: string[], overrides: Record<string, unknown> = {}) {
  return {
    type: 'standard_written_order',
    date,
    practitioner_name: 'Dr. Alan Brooks',
    practitioner_npi: '1234567893',
    items: codes.map((hcpcs) => ({ hcpcs, quantity: 1 })),
    length_of_need_months: 12,
    ...overrides,
  };
}

/** A prior authorization body from `vendorId` for the codes over [start, end]. */
export function authorizationBody(
  vendorId: number,
  codes: string[],
  start: string,
  end: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    type: 'prior_authorization',
    date: start,
    vendor_id: vendorId,
    number: unique('PA'),
    hcpcs: codes,
    units: 10,
    start_date: start,
    end_date: end,
    ...overrides,
  };
}
