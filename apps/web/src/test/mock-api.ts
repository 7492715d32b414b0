import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Reply = readonly [status: number, body?: unknown];
type Handler = (call: MockCall) => Reply | Promise<Reply>;

/**
 * Replaces fetch with a table of `'METHOD /api/path/'` handlers (query string ignored for the match).
 * Unknown calls answer 404 so a test notices them.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: MockCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const [status, body] =
      typeof handler === 'function' ? await handler(call) : (handler ?? [404, { detail: 'Not found.' }]);
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
