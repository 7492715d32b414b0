import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from './context.ts';

/**
 * The channel migration 0019's trigger announces a change to who may sign in on. Spelled here
 * again: a landed migration is history, and the running code reads nothing from it.
 */
export const AUTH_CHANNEL = 'dme_auth_changed';

/**
 * The sessions this process has checked, kept so that a signed-in request costs no database
 * round trip for its session (plugins/auth.ts). Correctness comes first:
 *
 * - Every change to `sessions` or `users` (sign-out, deactivation, a password or role change, any
 *   statement on those tables, from any process or from psql) is announced at commit by a trigger
 *   (migration 0019); the listener forgets every kept session when told.
 * - A request that writes forgets them too (`clear`, from app.ts) before its answer is sent, so
 *   this process never serves a session its own write ended, whatever the notification's timing.
 * - A session read while a clear happened is not kept (`begin` hands out a generation that a clear
 *   makes stale), so a read that raced a sign-out cannot bring the old answer back.
 * - Without a live listener (not yet connected, or the connection lost) nothing is kept or
 *   served: every request reads its session, as it does without the cache.
 * - The listener is asked a trivial query every HEARTBEAT_MS; no answer within HEARTBEAT_MS counts
 *   as lost (a connection can die without a word, and its notifications with it).
 * - An entry is kept at most `maxAgeMs` and never past the session's own expiry.
 */
export interface SessionCache {
  /** Whether sessions are kept now (the listener holds). */
  readonly active: boolean;
  /** The kept user of an open session, or undefined: read the database. */
  get(sessionId: string): AuthUser | undefined;
  /** Call before reading a session; pass the result to `set`. */
  begin(): number;
  set(generation: number, user: AuthUser, expiresAt: Date): void;
  /** Forgets every kept session. */
  clear(): void;
  close(): Promise<void>;
}

/** Keeps nothing: PGlite (one process, no listener connection) and SESSION_CACHE_SECONDS=0. */
export const noSessionCache: SessionCache = {
  active: false,
  get: () => undefined,
  begin: () => 0,
  set: () => undefined,
  clear: () => undefined,
  close: async () => undefined,
};

const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;
const HEARTBEAT_MS = 10_000;

interface Entry {
  user: AuthUser;
  until: number;
}

/** A cache that listens on its own connection to `url`; it serves nothing until the LISTEN holds. */
export function createSessionCache(opts: { url: string; maxAgeMs: number; log: FastifyBaseLogger }): SessionCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let awaiting = false;

  const heartbeat = setInterval(() => {
    const c = client;
    if (!listening || !c) return;
    if (awaiting) return lost(new Error('listener did not answer its heartbeat'));
    awaiting = true;
    c.query('SELECT 1').then(
      () => {
        if (client === c) awaiting = false;
      },
      (err: unknown) => {
        if (client === c) lost(err);
      },
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  const lost = (err?: unknown) => {
    if (!listening && client === null) return;
    listening = false;
    awaiting = false;
    clear();
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
    if (closed) return;
    if (err)
      opts.log.warn({ err }, 'session cache listener lost; sessions are read from the database until it is back');
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };

  function connect(): void {
    retry = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true });
    client = c;
    c.on('notification', clear);
    c.on('error', lost);
    c.on('end', () => lost(new Error('listener connection ended')));
    c.connect()
      .then(() => c.query(`LISTEN ${AUTH_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        clear();
        listening = true;
      })
      .catch((err: unknown) => {
        if (client === c) lost(err);
      });
  }

  connect();

  return {
    get active() {
      return listening;
    },
    get(sessionId) {
      if (!listening) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.user;
    },
    begin: () => generation,
    set(at, user, expiresAt) {
      if (!listening || at !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(user.sessionId, { user, until: Math.min(Date.now() + opts.maxAgeMs, expiresAt.getTime()) });
    },
    clear,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      listening = false;
      entries.clear();
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
