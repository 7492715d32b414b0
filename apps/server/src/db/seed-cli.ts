import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { loadShippedHcpcs } from './hcpcs-reference.ts';
import { loadShippedFeeSchedule } from './fee-schedule-reference.ts';
import { seedManyPatients } from './seed/patient-bulk.ts';
import { seedManyProducts } from './seed/products.ts';
import { seedManyOrders } from './seed/orders.ts';
import { invoiceShippedOccurrences } from './seed/invoices.ts';
import { compactKeptTotals } from './kept-totals.ts';
import { claimFolder, pgliteFolder } from './pglite.ts';

/** One area's load-test data: `--<flag> N` adds N records of that area. */
export interface AreaSeeder {
  flag: string;
  description: string;
  /** Adds `count` records; answers a line saying what it did. */
  run(db: Db, count: number, progress: (line: string) => void): Promise<string>;
}

/** Every area's seeder, in the order they run (an area's data may need the one before). */
export const seeders: AreaSeeder[] = [
  {
    flag: 'patients',
    description: 'realistic patients with insurances, diagnoses, HCPCS entries, modifiers, tags and contacts',
    async run(db, count, progress) {
      const started = Date.now();
      const done = await seedManyPatients(db, count, {
        onBatch: (n) => progress(`  patients: ${n.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`),
      });
      return `patients: ${done.toLocaleString('en-US')} added in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
  },
  {
    flag: 'products',
    description: 'realistic HME products with categories, payer price variants and unit-measure stock',
    async run(db, count) {
      const started = Date.now();
      const done = await seedManyProducts(db, count);
      return `products: ${done.toLocaleString('en-US')} added in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
  },
  {
    flag: 'orders',
    description: 'months of monthly lines (e.g. 12) on an order for every other patient that has none',
    async run(db, months) {
      const started = Date.now();
      const done = await seedManyOrders(db, { months });
      await invoiceShippedOccurrences(db);
      return `orders: ${done.toLocaleString('en-US')} added in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
  },
];

/**
 * Fresh statistics and visibility maps for every table after a bulk load: without them the
 * planner sees empty tables (an order's detail scanned all 800,000 services: 54 ms instead of
 * 2.3 ms) and counts cannot use index-only scans. The whole database, so a seeder added later
 * is covered without a list to keep. The report's day totals are compacted first.
 */
export async function analyzeAfterSeeding(db: Db): Promise<void> {
  await compactKeptTotals(db);
  await sql`VACUUM (ANALYZE)`.execute(db);
}

function usage(): string {
  const flags = seeders.map((s) => `  --${s.flag} N   ${s.description}`).join('\n');
  return `Usage: npm run seed -- [--<area> N ...]\n${flags}`;
}

/** `--patients 100000` or `--patients=100000` -> { patients: 100000 }. */
export function parseSeedArgs(argv: string[]): Map<string, number> {
  const known = new Set(seeders.map((s) => s.flag));
  const counts = new Map<string, number>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match || !known.has(match[1])) throw new Error(`Unknown argument "${argv[i]}".\n${usage()}`);
    const raw = match[2] ?? argv[++i];
    const count = Number(raw);
    if (!Number.isInteger(count) || count < 0)
      throw new Error(`--${match[1]} needs a whole number, got "${raw ?? ''}".`);
    counts.set(match[1], count);
  }
  if (counts.size === 0) throw new Error(usage());
  return counts;
}

async function main(): Promise<void> {
  const counts = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  // The embedded database is one process's at a time (db/pglite.ts).
  const claim = config.databaseUrl
    ? undefined
    : await claimFolder(config.dataDir, {
        inUse: `A DME Office server is using ${pgliteFolder(config.dataDir)}: stop it before seeding.`,
        busy: 'Seeding is under way: back up once it is done.',
      });
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPoolMax });
  try {
    console.log(`Seeding the ${handle.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'} database`);
    await migrateToLatest(handle.db);
    // Seeded products bill HCPCS codes the database must know.
    await loadShippedHcpcs(handle.db);
    await loadShippedFeeSchedule(handle.db);
    let seeded = false;
    for (const seeder of seeders) {
      const count = counts.get(seeder.flag);
      if (!count) continue;
      console.log(await seeder.run(handle.db, count, (line) => console.log(line)));
      seeded = true;
    }
    if (seeded) {
      const started = Date.now();
      await analyzeAfterSeeding(handle.db);
      console.log(`statistics: every table analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await handle.close();
    await claim?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
