import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ADMIN_ROLE_ID } from '@dme/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AuthUser } from './context.ts';

/** Reads `Authorization: JWT <token>` (Bearer is accepted too). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/**
 * Checks the token and, on every request, that its session is open and its user still active,
 * so Log Out, deactivation and a password change end access at once (from memory when this
 * process checked the session before and nothing changed since: plugins/session-cache.ts).
 */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw unauthorized();
  return authenticateToken(app, token);
}

export async function authenticateToken(app: FastifyInstance, token: string): Promise<AuthUser> {
  const claims = await app.ctx.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token.');
  const { sessions } = app.ctx;
  const kept = sessions.get(claims.sessionId);
  if (kept && kept.id === claims.userId) return kept;
  const generation = sessions.begin();
  const row = await app.ctx.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.username', 'u.role_id', 's.expires_at'])
    .where('s.id', '=', claims.sessionId)
    .where('s.user_id', '=', claims.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  if (!row) throw unauthorized('Session ended.');
  const user = { id: row.id, username: row.username, roleId: row.role_id, sessionId: claims.sessionId };
  sessions.set(generation, user, new Date(row.expires_at));
  return user;
}

/** Registers the hook that makes every route of this scope require a signed-in, active user. */
export function requireUser(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    request.user = await authenticate(app, request);
    // Every later log line of the request names its user.
    request.log = request.log.child({ userId: request.user.id });
    reply.log = request.log;
  });
}

/** A route or scope hook: administrators only, checked before the body is read or validated. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/** The signed-in user of a request behind requireUser (401 if there is none, never a crash). */
export function actor(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = actor(request);
  if (user.roleId !== ADMIN_ROLE_ID) throw forbidden();
  return user;
}
