import { performance } from 'node:perf_hooks';
import { shiftDate, todayWire } from '@dme/shared';
import { weekOf } from '../src/operations/expirations.ts';
import {
  get,
  percentile,
  round,
  LETTERS,
  RARE_TERMS,
  SHORT_TERMS,
  SURNAMES,
  type BenchContext,
  type BenchRow,
} from './harness.ts';

/**
 * `npm run bench -- --only sweep`: every list that searches, over every date and within a week and
 * a month where it has dates, with search terms of every kind (one letter, pairs, common and rare
 * pieces, four letters, surnames, digits, a term no one has). Prints each list's p50 per term and
 * the slowest; writes nothing and is not part of the full run. It found what the fixed rows did not
 * (a surname was the slowest search: decisions, session 14).
 */
const TERMS = [
  ...LETTERS.slice(0, 2),
  ...SHORT_TERMS.slice(0, 2),
  'mar',
  'son',
  ...RARE_TERMS,
  'mart',
  'smith',
  ...SURNAMES.slice(0, 2),
  '12',
  '555',
  'zzzz',
];
const REPEAT = 5;

function lists(): string[] {
  const week = weekOf(todayWire());
  const today = todayWire();
  const weekRange = `start_date=${week.start}&end_date=${week.end}`;
  const month = `start_date=${shiftDate(today, -30, 'day')}&end_date=${today}`;
  return [
    '/api/patients/?',
    '/api/patients/?state=16&',
    '/api/patients_rentals/?',
    '/api/patients_list/?',
    '/api/products/?',
    '/api/orders/?',
    '/api/invoices/?',
    '/api/remmitance/?',
    '/api/shipping-status/?',
    `/api/shipping-status/?${month}&`,
    `/api/shipping-status/?${month}&state=16&hidden_shipped=true&`,
    '/api/call-customers/?',
    `/api/call-customers/?${weekRange}&`,
    `/api/call-customers/?${month}&`,
    '/api/check-eligibility/?',
    `/api/check-eligibility/?${weekRange}&`,
    '/api/call-patient-eligibility/?',
    `/api/call-patient-eligibility/?${weekRange}&`,
    `/api/expirations/?${weekRange}&waiver=false&`,
  ];
}

/** Two requests first: the first of a kind also warms the server's code and a pooled connection. */
async function p50(ctx: BenchContext, path: string): Promise<number> {
  await get(ctx, path);
  await get(ctx, path);
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i += 1) {
    const start = performance.now();
    const res = await get(ctx, path);
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  }
  return round(percentile(times, 0.5));
}

export async function benchSweep(ctx: BenchContext): Promise<BenchRow[]> {
  const slowest: { path: string; ms: number }[] = [];
  console.log(`p50 ms of ${REPEAT} requests after two; * over 10 ms`);
  for (const list of lists()) {
    const cells: string[] = [];
    for (const term of ['', ...TERMS]) {
      const path = `${list}${term ? `search=${encodeURIComponent(term)}` : 'page=1'}`;
      const ms = await p50(ctx, path);
      slowest.push({ path, ms });
      cells.push(`${term || '-'} ${ms}${ms > 10 ? '*' : ''}`);
    }
    console.log(`${list}\n  ${cells.join(' | ')}`);
  }
  slowest.sort((a, b) => b.ms - a.ms);
  console.log('slowest:');
  for (const s of slowest.slice(0, 15)) console.log(`  ${s.ms} ms  ${s.path}`);
  return [];
}
