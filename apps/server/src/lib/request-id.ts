import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept when it is a plain token (a proxy's or a client's id). */
const WELL_FORMED = /^[A-Za-z0-9._:@/+=-]{8,128}$/;

/**
 * The id of a request: the caller's X-Request-Id when well formed, otherwise a new UUID, so ids
 * are unique across processes and a request can be followed from the load balancer to the log.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && WELL_FORMED.test(value) ? value : crypto.randomUUID();
}
