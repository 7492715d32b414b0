import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { hashPassword } from '../lib/passwords.ts';
import { seedDemoOffice, type DemoFiles } from './seed/demo.ts';
import { loadShippedHcpcs } from './hcpcs-reference.ts';
import { loadShippedFeeSchedule } from './fee-schedule-reference.ts';

/**
 * Runs at every start: migrations, the shipped HCPCS codes and DMEPOS fee schedule when none are
 * loaded yet, then on the
 * very first run (no users yet) the administrator and, when asked and the database holds no
 * office data yet, the demo office. Safe with several processes: migrations lock, the codes skip
 * what is there, and the administrator insert is guarded by the unique username.
 */
export async function bootstrap(
  db: Db,
  opts: {
    adminPassword?: string;
    seedDemo: boolean;
    log: FastifyBaseLogger;
    /** Where the demo office's signed deliveries keep their signatures (none: no delivery is seeded). */
    files?: DemoFiles;
  },
): Promise<void> {
  await migrateToLatest(db);
  const started = performance.now();
  if (await loadShippedHcpcs(db)) {
    opts.log.info(`HCPCS codes loaded from the shipped CMS file in ${Math.round(performance.now() - started)} ms`);
  }
  const feesStarted = performance.now();
  if (await loadShippedFeeSchedule(db)) {
    opts.log.info(
      `DMEPOS fee schedule loaded from the shipped CMS files in ${Math.round(performance.now() - feesStarted)} ms`,
    );
  }
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  const password = opts.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await db
    .insertInto('users')
    .values({
      username: 'admin',
      email: 'admin@dme-office.local',
      password_hash: passwordHash,
      role_id: 1,
      first_name: 'Office',
      last_name: 'Administrator',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) return;
  if (!opts.adminPassword) {
    // Printed once, on the console only (never to the structured log).
    console.log(`\n  Administrator created: username "admin", password "${password}"\n  Change it after signing in.\n`);
  } else {
    opts.log.info('administrator "admin" created with ADMIN_PASSWORD');
  }
  if (!opts.seedDemo) return;
  if (!(await isEmptyOffice(db))) {
    opts.log.info('demo office not seeded: the database already holds patients, products or orders');
    return;
  }
  await seedDemoOffice(db, { passwordHash, log: opts.log, ...(opts.files && { files: opts.files }) });
}

/**
 * True when no patient, product or order exists yet: the demo office goes only into an empty
 * database (after `npm run seed -- --patients 100000` there are no users, but there is data).
 */
export async function isEmptyOffice(db: Db): Promise<boolean> {
  const { rows } = await sql<{ filled: boolean }>`
    SELECT EXISTS (SELECT 1 FROM patients) OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM orders) AS filled
  `.execute(db);
  return rows[0]?.filled === false;
}
