import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedDemoOffice } from './seed/demo.ts';

/**
 * Runs at every start: migrations, then on the very first run (no users yet) the administrator
 * and, when asked, the demo office. Safe with several processes: migrations lock, and the
 * administrator insert is guarded by the unique username.
 */
export async function bootstrap(db: Db, opts: { adminPassword?: string; seedDemo: boolean; log: FastifyBaseLogger }): Promise<void> {
  await migrateToLatest(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  const password = opts.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await db
    .insertInto('users')
    .values({ username: 'admin', email: 'admin@dme-office.local', password_hash: passwordHash, role_id: 1, first_name: 'Office', last_name: 'Administrator' })
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
  if (opts.seedDemo) {
    await seedDemoOffice(db, { passwordHash, log: opts.log });
  }
}
