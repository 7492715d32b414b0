import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import {
  addLine,
  createOrder,
  createPatient,
  createProduct,
  getOrder,
  lineBody,
  patientBody,
} from '../test/factories.ts';

/**
 * Every JSON POST and PATCH of patients, products, orders and users, sent bodies a client could
 * send (valid ones with fields swapped for hostile values, any JSON at all, broken JSON): never a
 * 5xx, and a refusal (4xx) leaves what the route writes exactly as it was (issue 9).
 */
const RUNS = 30;
const SEED = 20269;

let t: TestContext;

/** Values that have broken servers: wrong types, NUL, out-of-range ids, odd numbers and dates. */
const hostile = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    99999999999,
    2147483648,
    -2147483649,
    1e308,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '0x1f',
    '1e3',
    '-1',
    'NaN',
    'Infinity',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '1,234.56',
    '$5',
    '12,34',
    '2026-02-30',
    '2026-13-01',
    '9999-12-31',
    '0000-01-01',
    '\uD800',
    'x'.repeat(20001),
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

type Body = { json: unknown } | { raw: string };

/** A body built from a valid one: fields kept, dropped or replaced; or any JSON; or broken JSON. */
function bodies(base: Record<string, unknown>): fc.Arbitrary<Body> {
  const fields = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, fc.oneof(fc.constant(v), hostile)]));
  return fc.oneof(
    { weight: 6, arbitrary: fc.record(fields, { requiredKeys: [] }).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.constantFrom('__proto__', 'constructor', 'id', 'extra'),
          hostile,
        )
        .map(([json, key, value]) => ({ json: JSON.parse(JSON.stringify({ ...json, [key]: value })) as unknown })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((raw) => ({ raw })) },
  );
}

interface FuzzRoute {
  method: 'POST' | 'PATCH';
  url: () => string;
  base: () => Record<string, unknown>;
  /** What the route writes, read back: compared before and after a refusal. */
  state: () => Promise<unknown>;
}

async function getJson(url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function countRows(table: 'patients' | 'products' | 'orders' | 'users'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function fuzz(route: FuzzRoute): Promise<void> {
  // The state read once, and again only after a request that was accepted (the only kind that may change it).
  let current = await route.state();
  await fc.assert(
    fc.asyncProperty(bodies(route.base()), async (body) => {
      const res = await t.app.inject({
        method: route.method,
        url: route.url(),
        headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
        payload: 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? ''),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const after = await route.state();
      if (res.statusCode >= 400) expect(after).toEqual(current);
      current = after;
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

const ids = {
  patient: 0,
  insurance: 0,
  diagnosis: 0,
  hcps: 0,
  modifier: 0,
  product: 0,
  variant: 0,
  order: 0,
  line: 0,
  service: 0,
  occurrence: 0,
  expiration: 0,
  user: 0,
};

beforeAll(async () => {
  t = await setupTestApp();
  const h = auth(t.adminToken);
  const post = async (url: string, payload: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url, headers: h, payload })).json();
  ids.patient = (await createPatient(t)).id;
  ids.insurance = (await post(`/api/patients/${ids.patient}/insurances/`, { name: 'Aetna', policy_number: 'W123' })).id;
  ids.diagnosis = (await post(`/api/patients/${ids.patient}/diagnostics/`, { text: 'G47.33 sleep apnea' })).id;
  ids.hcps = (await post(`/api/patients/${ids.patient}/hcps/`, { text: 'E0601' })).id;
  ids.modifier = (await post(`/api/patients/${ids.patient}/modifier/`, { text: 'NU', hcps_id: ids.hcps })).id;
  const product = await createProduct(t);
  ids.product = product.id;
  ids.variant = product.variantId;
  ids.order = (await createOrder(t, ids.patient)).id;
  ids.line = (await addLine(t, ids.order, lineBody(product))).id;
  const order = await getOrder(t, ids.order);
  ids.service = order.services[0].id;
  ids.occurrence = order.ocurrences[0].id;
  ids.expiration = (
    await post(`/api/orders/${ids.order}/expirations/`, { date: '2026-06-01', note: 'CMN renewal' })
  ).id;
  ids.user = (await t.userWithRole(2)).id;
});
afterAll(async () => {
  await t?.close();
});

const patient = () => getJson(`/api/patients/${ids.patient}/`);
const order = () => getJson(`/api/orders/${ids.order}/`);
const product = () => getJson(`/api/products/${ids.product}/`);

const userBody = () => ({
  username: unique('fuzz'),
  email: `${unique('fuzz')}@test.local`,
  role_id: 2,
  is_active: true,
  password: 'Sturdy-Pass-2026',
  profile: { first_name: 'Fay', last_name: 'Fuzz', city: 'Ames', state: 16, birthdate: '1980-01-02', phone: '' },
});

const routes: Record<string, FuzzRoute> = {
  'POST /patients/': {
    method: 'POST',
    url: () => '/api/patients/',
    base: () => patientBody({ contact_person: [{ contact_name: 'Ann', contact_number: '1', contact_relation: 'x' }] }),
    state: () => countRows('patients'),
  },
  'PATCH /patients/{id}/': {
    method: 'PATCH',
    url: () => `/api/patients/${ids.patient}/`,
    base: () => patientBody({ status: 'Active', facility: true, call_before_delivery: true }),
    state: patient,
  },
  'POST /patients/{id}/insurances/': {
    method: 'POST',
    url: () => `/api/patients/${ids.patient}/insurances/`,
    base: () => ({ name: 'Medicare', policy_number: '1EG4-TE5' }),
    state: patient,
  },
  'PATCH /patients/{id}/insurances/{iid}/': {
    method: 'PATCH',
    url: () => `/api/patients/${ids.patient}/insurances/${ids.insurance}/`,
    base: () => ({ name: 'Medicaid', policy_number: 'X1' }),
    state: patient,
  },
  'POST /patients/{id}/diagnostics/': {
    method: 'POST',
    url: () => `/api/patients/${ids.patient}/diagnostics/`,
    base: () => ({ text: 'E11.9' }),
    state: patient,
  },
  'PATCH /patients/{id}/diagnostics/{did}/': {
    method: 'PATCH',
    url: () => `/api/patients/${ids.patient}/diagnostics/${ids.diagnosis}/`,
    base: () => ({ text: 'E11.65' }),
    state: patient,
  },
  'POST /patients/{id}/hcps/': {
    method: 'POST',
    url: () => `/api/patients/${ids.patient}/hcps/`,
    base: () => ({ text: 'A7030' }),
    state: patient,
  },
  'PATCH /patients/{id}/hcps/{hid}/': {
    method: 'PATCH',
    url: () => `/api/patients/${ids.patient}/hcps/${ids.hcps}/`,
    base: () => ({ text: 'E0562' }),
    state: patient,
  },
  'POST /patients/{id}/modifier/': {
    method: 'POST',
    url: () => `/api/patients/${ids.patient}/modifier/`,
    base: () => ({ text: 'RR', hcps_id: ids.hcps }),
    state: patient,
  },
  'PATCH /patients/{id}/modifier/{mid}/': {
    method: 'PATCH',
    url: () => `/api/patients/${ids.patient}/modifier/${ids.modifier}/`,
    base: () => ({ text: 'KX', hcps_id: ids.hcps }),
    state: patient,
  },
  'POST /patients/{id}/tags/': {
    method: 'POST',
    url: () => `/api/patients/${ids.patient}/tags/`,
    base: () => ({ tag_id: 1 }),
    state: patient,
  },
  'POST /products/ (JSON)': {
    method: 'POST',
    url: () => '/api/products/',
    base: () => ({
      name: 'Nasal Pillows',
      internal_code: unique('NP-'),
      type_id: 1,
      quantity: 3,
      cost_price: '4.50',
      categories: [],
      variants: [{ price_variant: 'General', sale_price: '9.99', cost_price: '4.50', unit_measure: 'Each' }],
    }),
    state: () => countRows('products'),
  },
  'PATCH /products/{id}/ (JSON)': {
    method: 'PATCH',
    url: () => `/api/products/${ids.product}/`,
    base: () => ({
      name: 'Full Face Mask',
      description: 'Medium',
      cost_price: '5.00',
      variants: [
        { id: ids.variant, price_variant: 'General', sale_price: '12.00', cost_price: '5.00', unit_measure: 'Each' },
      ],
    }),
    state: product,
  },
  'POST /products/update_qty_of_hand/': {
    method: 'POST',
    url: () => '/api/products/update_qty_of_hand/',
    base: () => ({ product_id: ids.product, quantity: 7, unit_measure: 'Box', active: true }),
    state: product,
  },
  'POST /orders/': {
    method: 'POST',
    url: () => '/api/orders/',
    base: () => ({
      patient_id: ids.patient,
      delivery_id: 1,
      name: 'Fuzz order',
      status_id: 2,
      expired_at: '2027-01-01',
    }),
    state: () => countRows('orders'),
  },
  'PATCH /orders/{id}/': {
    method: 'PATCH',
    url: () => `/api/orders/${ids.order}/`,
    base: () => ({ name: 'Renamed', delivery_id: 2, po_number: 'PO-1', office_notes: 'n', customer_approved: true }),
    state: order,
  },
  'POST /orders/{id}/products/': {
    method: 'POST',
    url: () => `/api/orders/${ids.order}/products/`,
    base: () => ({
      product_id: ids.product,
      variant: ids.variant,
      recurrence_id: 1,
      quantity: 1,
      sale_price: '10.00',
      percentage: '5',
      added_percentage: true,
      service_date: '2026-02-01',
      end_date: '2026-04-01',
    }),
    state: order,
  },
  'PATCH /orders/{id}/products/{lineId}/': {
    method: 'PATCH',
    url: () => `/api/orders/${ids.order}/products/${ids.line}/`,
    base: () => ({ quantity: 3, sale_price: '11.00', end_date: '2026-05-10', locked_price: true }),
    state: order,
  },
  'PATCH /services/{id}/': {
    method: 'PATCH',
    url: () => `/api/services/${ids.service}/`,
    base: () => ({ product_id: ids.product, date: '2026-01-20', amount_remmited: 2, sale_price: '9.00' }),
    state: order,
  },
  'POST /clone_service/': {
    method: 'POST',
    url: () => '/api/clone_service/',
    base: () => ({
      order_product_id: ids.line,
      product_id: ids.product,
      date: '2026-03-03',
      amount_remmited: 1,
      sale_price: '10.00',
      locked_price: false,
      percentage: null,
      added_percentage: false,
    }),
    state: order,
  },
  'PATCH /ocurrences/{id}/': {
    method: 'PATCH',
    url: () => `/api/ocurrences/${ids.occurrence}/`,
    base: () => ({ po_number: 'OPO-9' }),
    state: order,
  },
  'POST /users/service_notes/{id}/': {
    method: 'POST',
    url: () => `/api/users/service_notes/${ids.occurrence}/`,
    base: () => ({ body: 'Called, approved.' }),
    state: () => getJson(`/api/users/service_notes/${ids.occurrence}/`),
  },
  'POST /orders/{id}/expirations/': {
    method: 'POST',
    url: () => `/api/orders/${ids.order}/expirations/`,
    base: () => ({ date: '2026-09-01', note: 'PA', yellow: true, yellow_date: '2026-08-01', waiver: false }),
    state: order,
  },
  'PATCH /expirations/{id}/': {
    method: 'PATCH',
    url: () => `/api/expirations/${ids.expiration}/`,
    base: () => ({ note: 'Renewed', yellow: false, solved: true, color: 'red' }),
    state: order,
  },
  'POST /users/': {
    method: 'POST',
    url: () => '/api/users/',
    base: userBody,
    state: () => countRows('users'),
  },
  'PATCH /users/{id}/': {
    method: 'PATCH',
    url: () => `/api/users/${ids.user}/`,
    base: () => ({ ...userBody(), password: '' }),
    state: () => getJson(`/api/users/${ids.user}/`),
  },
};

describe('fuzzing request bodies', () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${name}: no 5xx, nothing changed on refusal`, () => fuzz(route), 120_000);
  }
});
