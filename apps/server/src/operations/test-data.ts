import { auth, unique, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, getOrder, lineBody, type OrderAnswer, type ProductFixture } from '../test/factories.ts';

/** Test data of the work queues: patients written directly (with contacts and insurances), orders through the API. */

export interface PatientSpec {
  first_name?: string;
  last_name?: string;
  state_id?: number | null;
  facility?: boolean;
  call_before_delivery?: boolean;
  phone?: string;
  mobile?: string;
  notes?: string;
  birthdate?: string | null;
  contacts?: { contact_name: string; contact_number: string; contact_relation: string }[];
  insurances?: { name: string; policy_number: string; vendor_id?: number; priority?: number }[];
}

export async function makePatient(
  t: TestContext,
  spec: PatientSpec = {},
): Promise<{ id: number; first_name: string; last_name: string }> {
  const first = spec.first_name ?? 'Rose';
  const last = spec.last_name ?? unique('Qx');
  const { id } = await t.db
    .insertInto('patients')
    .values({
      first_name: first,
      last_name: last,
      state_id: spec.state_id === undefined ? 16 : spec.state_id,
      facility: spec.facility ?? false,
      call_before_delivery: spec.call_before_delivery ?? false,
      contact_different_patient: (spec.contacts ?? []).length > 0,
      phone: spec.phone ?? '(515) 555-0101',
      mobile: spec.mobile ?? '(515) 555-0199',
      notes: spec.notes ?? '',
      birthdate: spec.birthdate === undefined ? '1948-03-12' : spec.birthdate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, c] of (spec.contacts ?? []).entries()) {
    await t.db
      .insertInto('patient_contacts')
      .values({ patient_id: id, position, ...c })
      .execute();
  }
  for (const ins of spec.insurances ?? []) {
    await t.db
      .insertInto('patient_insurances')
      .values({ patient_id: id, ...ins })
      .execute();
  }
  return { id, first_name: first, last_name: last };
}

/**
 * An order of the patient with one monthly line from `start` to `end` (through the orders API, so
 * its occurrences and services follow that area's rules), read back in full.
 */
export async function makeOrder(
  t: TestContext,
  patientId: number,
  product: ProductFixture,
  opts: { start?: string; end?: string; quantity?: number; order?: Record<string, unknown> } = {},
): Promise<OrderAnswer> {
  const order = await createOrder(t, patientId, opts.order ?? {});
  await addLine(
    t,
    order.id,
    lineBody(product, {
      service_date: opts.start ?? '2026-03-02',
      end_date: opts.end ?? '2026-05-02',
      quantity: opts.quantity ?? 2,
    }),
  );
  return getOrder(t, order.id);
}

/** Sets an occurrence's switches directly (the state a test starts from). */
export async function setOccurrence(
  t: TestContext,
  id: number,
  values: { eligibility_toggle?: boolean; customer_approved?: boolean },
): Promise<void> {
  await t.db.updateTable('ocurrences').set(values).where('id', '=', id).execute();
}

export async function addExpiration(
  t: TestContext,
  orderId: number,
  body: { date: string; note?: string; yellow?: boolean; yellow_date?: string | null; waiver?: boolean },
): Promise<{ id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/expirations/`,
    headers: auth(t.adminToken),
    payload: { note: 'CMN renewal due', yellow: false, yellow_date: null, waiver: false, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`expiration: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

export async function auditRows(t: TestContext, entity: string, entityId: number) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
