import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of every answer. Helmet's middleware is built once (@fastify/helmet rebuilt
 * it, CSP parsing included, on every request). Answers written before routing (a URL or header
 * too long for the server) get the same headers from `securityHeaderLines`.
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // Offices often serve the app over plain http on their network: never force https sub-requests.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets, taken once from a response that records them (they never vary). */
function recordedHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  securityHeaders({} as IncomingMessage, res, () => undefined);
  return headers;
}

export const securityHeaderValues: Readonly<Record<string, string>> = recordedHeaders();

/** The same headers as raw HTTP lines, for an answer written straight to the socket. */
export const securityHeaderLines = Object.entries(securityHeaderValues)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
