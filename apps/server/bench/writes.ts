import { measure, type BenchContext, type BenchRow } from './harness.ts';

/** Requests a write row sends: its own, the warm-up's five and the ten whose queries are explained. */
const WRITES = 30;
const NEEDED = WRITES + 15;

/**
 * The budget's writes that the remittance scenario does not cover: adding a 12-month product
 * line to an order, and shipping an occurrence (services shipped, invoice created). Each request
 * gets rows of its own: new orders for the bench patient's lines, then the occurrences those
 * lines made, given a ticket so that they may ship.
 */
export async function benchWrites(ctx: BenchContext): Promise<BenchRow[]> {
  const query = ctx.query;
  if (!query) return [];
  const [variant] = await query<{ product_id: number; id: number }>(
    `SELECT product_id, id FROM price_variants ORDER BY id LIMIT 1`,
  );
  const orders = await query<{ id: number }>(
    `INSERT INTO orders (name, patient_id, delivery_id)
     SELECT 'Bench line ' || g, (SELECT min(id) FROM patients), 1 FROM generate_series(1, $1::int) g
     RETURNING id`,
    [NEEDED],
  );
  const send = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    fetch(`${ctx.baseUrl}${path}`, {
      method,
      headers: { authorization: `JWT ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let nextOrder = 0;
  const line = await measure(
    'POST /api/orders/{id}/products/ (a 12-month line)',
    WRITES,
    () =>
      send('POST', `/api/orders/${orders[nextOrder++ % orders.length].id}/products/`, {
        product_id: variant.product_id,
        variant: variant.id,
        recurrence_id: 1,
        quantity: 2,
        sale_price: 10,
        percentage: null,
        added_percentage: false,
        service_date: '2031-01-10',
        end_date: '2031-12-10',
        tax_applied: false,
        nutritional: false,
        // A purchase: the bench's products all carry a HCPCS code (the claims scenario gives them one).
        rental: false,
      }),
    { concurrent: 'none' },
  );
  // A capped rental (a CPAP, E0601 RR) for patients of their own: the ledger counts its months,
  // sets RR and KH/KI/KJ, and the order's answer prices every month (issue 33).
  const [rented] = await query<{ product_id: number; id: number }>(
    `SELECT product_id, id FROM price_variants WHERE product_id <> $1 ORDER BY id LIMIT 1`,
    [variant.product_id],
  );
  await query(`UPDATE products SET hcpcs_code = 'E0601', payment_category = 'CR' WHERE id = $1`, [rented.product_id]);
  const rentalOrders = await query<{ id: number }>(
    `INSERT INTO orders (name, patient_id, delivery_id)
     SELECT 'Bench rental ' || g, (SELECT min(id) FROM patients) + g, 1 FROM generate_series(1, $1::int) g
     RETURNING id`,
    [NEEDED],
  );
  let nextRental = 0;
  const rental = await measure(
    'POST /api/orders/{id}/products/ (a 12-month rental line)',
    WRITES,
    () =>
      send('POST', `/api/orders/${rentalOrders[nextRental++ % rentalOrders.length].id}/products/`, {
        product_id: rented.product_id,
        variant: rented.id,
        recurrence_id: 1,
        quantity: 1,
        sale_price: 80,
        percentage: null,
        added_percentage: false,
        service_date: '2031-01-10',
        end_date: '2031-12-10',
        tax_applied: false,
        nutritional: false,
        rental: true,
      }),
    { concurrent: 'none' },
  );
  const priced = await measure('GET /api/orders/{id}/ (12 rental months priced)', WRITES, (i) =>
    fetch(`${ctx.baseUrl}/api/orders/${rentalOrders[i % rentalOrders.length].id}/`, {
      headers: { authorization: `JWT ${ctx.token}` },
    }),
  );
  const occurrences = await query<{ id: number }>(
    `UPDATE ocurrences SET ticket_created = now(), eligibility_toggle = true
      WHERE order_id = ANY($1::int[]) AND date = '2031-01-10' RETURNING id`,
    [orders.map((o) => o.id)],
  );
  let nextOccurrence = 0;
  const ship = await measure(
    'PATCH /api/shipping-status/{id}/ (ship an occurrence)',
    Math.min(WRITES, Math.max(0, occurrences.length - 15)),
    () =>
      send('PATCH', `/api/shipping-status/${occurrences[nextOccurrence++ % occurrences.length].id}/`, {
        shipped: true,
      }),
    { concurrent: 'none' },
  );
  return [line, rental, priced, ship];
}
