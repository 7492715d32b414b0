import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { audit } from '../lib/audit.ts';

const WINDOW_MINUTES = 15;
/**
 * Failed sign-ins allowed in the window before 429: per account from one address (the usual
 * typo-and-retry), per address over every account (one client spraying names), and
 * password-recovery requests per address. Failures of one account spread over many addresses
 * never lock it (a stranger could then lock the owner out): they slow every sign-in of that
 * account instead, by a delay that grows with them and stops at a few seconds.
 */
export const LIMITS = { loginPerAccountAndIp: 5, loginPerIp: 20, forgotPerIp: 10 } as const;
export const SLOWDOWN = { freeFailures: 5, stepMs: 250, maxMs: 3000 } as const;
const SESSION_HOURS = 12;
const RESET_TTL_MINUTES = 60;

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

async function attemptsSince(db: Db, kind: string, column: 'subject' | 'ip', value: string): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind)
    .where(column, '=', value)
    .where(sql<boolean>`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** How long a sign-in of an account waits after this many recent failures of it, from anywhere. */
export function signInDelayMs(accountFailures: number): number {
  return Math.min(SLOWDOWN.maxMs, Math.max(0, accountFailures - SLOWDOWN.freeFailures) * SLOWDOWN.stepMs);
}

/**
 * What the recent failures mean for one sign-in: refused (this account from this address, or
 * this address over every account), or let through after a delay (this account from anywhere).
 */
export async function loginThrottle(
  db: Db,
  username: string,
  ip: string,
): Promise<{ refused: boolean; delayMs: number }> {
  const subject = username.toLowerCase();
  const row = await db
    .selectFrom('auth_attempts')
    .select([
      sql<number>`count(*) FILTER (WHERE subject = ${subject} AND ip = ${ip})::int`.as('pair'),
      sql<number>`count(*) FILTER (WHERE subject = ${subject})::int`.as('account'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('address'),
    ])
    .where('kind', '=', 'login')
    .where((eb) => eb.or([eb('subject', '=', subject), eb('ip', '=', ip)]))
    .where(sql<boolean>`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .executeTakeFirstOrThrow();
  return {
    refused: row.pair >= LIMITS.loginPerAccountAndIp || row.address >= LIMITS.loginPerIp,
    delayMs: signInDelayMs(row.account),
  };
}

export async function recordAttempt(db: Db, kind: 'login' | 'forgot', subject: string, ip: string): Promise<void> {
  await db.insertInto('auth_attempts').values({ kind, subject: subject.toLowerCase(), ip }).execute();
}

/**
 * A correct sign-in forgets that address's failures for the account. Failures from other
 * addresses stay counted, so the owner signing in does not reset a distributed guess.
 */
export async function clearLoginFailures(db: Db, username: string, ip: string): Promise<void> {
  await db
    .deleteFrom('auth_attempts')
    .where('kind', '=', 'login')
    .where('subject', '=', username.toLowerCase())
    .where('ip', '=', ip)
    .execute();
}

export async function isForgotThrottled(db: Db, ip: string): Promise<boolean> {
  return (await attemptsSince(db, 'forgot', 'ip', ip)) >= LIMITS.forgotPerIp;
}

export async function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'is_active', 'role_id', 'first_name', 'last_name'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function checkCredentials(db: Db, username: string, password: string) {
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  return ok && user ? user : null;
}

export async function openSession(db: Db, userId: number): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})` })
    .execute();
  return id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Creates a single-use reset token (only its hash is stored); null when no active user has that email. */
export async function createPasswordReset(db: Db, email: string): Promise<{ token: string; email: string } | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TTL_MINUTES})`,
    })
    .execute();
  return { token, email: user.email };
}

/** Uses a reset token: true when it was valid for that email; the password changes and sessions end. */
export async function consumePasswordReset(db: Db, token: string, email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('password_resets as r')
      .from('users as u')
      .set({ used_at: sql`now()` })
      .whereRef('u.id', '=', 'r.user_id')
      .where('r.token_hash', '=', sha256(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', sql<Date>`now()`)
      .where(sql`lower(u.email)`, '=', email.toLowerCase())
      .where('u.is_active', '=', true)
      .returning('r.user_id')
      .executeTakeFirst();
    if (!reset) return false;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', reset.user_id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', reset.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    await audit(trx, {
      userId: reset.user_id,
      action: 'update',
      entity: 'user',
      entityId: reset.user_id,
      after: { password_reset: true },
    });
    return true;
  });
}
