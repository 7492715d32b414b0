import type { BenchRow } from './harness.ts';

/**
 * The budget of issue 29, per row (by its name): what a person notices. Lists and searches:
 * sequential p50 <= 50 ms and p95 <= 100 ms, and at 10 concurrent connections no error and p95
 * <= 400 ms. A detail screen's call and a write: p50 <= 50 ms. The end-of-year report for any
 * range: <= 250 ms (p95). The 5,000-ticket batch: <= 15 s with the server's peak RSS <= 300 MB (and
 * so a 10,000-line remittance file's import, issue 32's figure).
 * Rows the budget does not name (documents, the web app's first load) have none.
 */
export interface Budget {
  text: string;
  p50?: number;
  p95?: number;
  concurrentP95?: number;
  peakRssMb?: number;
}

const LIST: Budget = { text: 'p50 ≤ 50, p95 ≤ 100, @10 p95 ≤ 400', p50: 50, p95: 100, concurrentP95: 400 };

export function budgetOf(name: string): Budget | null {
  if (/^wire:|export_products|invoice_export|\(1,000 tickets/.test(name)) return null;
  if (/\(5,000 tickets/.test(name)) return { text: '≤ 15 s, RSS ≤ 300 MB', p50: 15_000, peakRssMb: 300 };
  if (/claim_batches\/ \(/.test(name)) return { text: '≤ 5 s, RSS ≤ 300 MB', p50: 5_000, peakRssMb: 300 };
  if (/POST \/api\/claims\/ \(/.test(name)) return null;
  // Issue 32's figure for importing a 10,000-line remittance file.
  if (/POST \/api\/eras\/ \(/.test(name)) return { text: '≤ 15 s, RSS ≤ 300 MB', p50: 15_000, peakRssMb: 300 };
  if (/end_year_report/.test(name)) return { text: 'p95 ≤ 250', p95: 250 };
  if (/^(POST|PATCH|PUT|DELETE) /.test(name)) return { text: 'p50 ≤ 50', p50: 50 };
  if (/\{id\}|patient-what-ever/.test(name)) return { text: 'p50 ≤ 50', p50: 50 };
  if (/^GET /.test(name)) return LIST;
  return null;
}

/** What the row misses of its budget ('' when it holds, or when it has none). */
export function missOf(row: BenchRow): string {
  const budget = budgetOf(row.name);
  if (!budget) return '';
  const misses: string[] = [];
  if (budget.p50 !== undefined && row.median_ms > budget.p50) misses.push('p50');
  if (budget.p95 !== undefined && row.p95_ms > budget.p95) misses.push('p95');
  if (budget.concurrentP95 !== undefined) {
    if (row.note?.startsWith('not measured under load')) misses.push('errors @10');
    else if (row.concurrent_p95_ms !== undefined && row.concurrent_p95_ms > budget.concurrentP95)
      misses.push('p95 @10');
  }
  if (budget.peakRssMb !== undefined && (row.peak_rss_mb ?? 0) > budget.peakRssMb) misses.push('RSS');
  return misses.join(', ');
}
