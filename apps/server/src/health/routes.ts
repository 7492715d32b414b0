import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), reason: z.string().optional() });

/** How long readiness waits for the database before calling it unavailable. */
const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Health checks for a load balancer or a process manager: no sign-in, no patient data, never
 * throttled. `live` answers while the process runs; `ready` only when the database answers and
 * its schema is the one this code expects (a process must not take traffic mid-upgrade).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/health/live', { schema: { tags: ['health'], security: [], response: { 200: healthSchema } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], security: [], response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      let reason: string;
      try {
        const pending = await withTimeout(
          sql`SELECT 1`.execute(db).then(() => pendingMigrations(db)),
          READY_TIMEOUT_MS,
        );
        if (pending.length === 0) return { status: 'ok' as const };
        reason = `the database schema is not current: ${pending.length} migration(s) not run (${pending.at(-1)})`;
      } catch (err) {
        // The cause (an address, a driver message) goes to the log, not to an unauthenticated caller.
        request.log.warn({ err }, 'readiness: database not available');
        reason = 'the database is not available';
      }
      return reply.code(503).send({ status: 'unavailable' as const, reason });
    },
  );
};
