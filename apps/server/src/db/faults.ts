/**
 * Errors that mean the database cannot be reached now (a restart, a network cut, connections
 * terminated by an administrator), as opposed to an error in what was asked. A request that meets
 * one is answered 503 and may be tried again; the pool replaces the lost connections by itself.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or the server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages pg gives a connection lost without an SQLSTATE. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

export const DATABASE_UNAVAILABLE = 'The database is not available, try again';

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((m) => err.message.includes(m))) return true;
  // A connection error wrapped by another (AggregateError from net, a driver's cause).
  const inner = (err as { cause?: unknown; errors?: unknown[] }).errors?.[0] ?? (err as { cause?: unknown }).cause;
  return inner !== undefined && inner !== err && isDatabaseUnavailable(inner);
}
