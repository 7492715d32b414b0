import { getToken } from './storage.ts';

export const API_BASE = '/api';

/** What every screen shows when the server cannot be reached (instead of the browser's "Failed to fetch"). */
export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check the connection and try again.';

/** A failed call: the HTTP status (0 when the server could not be reached) and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? detailOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server's `{detail}` (or `{error}`) text, when the body carries one. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.detail === 'string') return b.detail;
  if (typeof b.error === 'string') return b.error;
  return undefined;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** True when the call failed because the server could not be reached (no HTTP answer). */
export function isNetworkError(error: unknown): error is ApiError {
  return isApiError(error, 0);
}

/**
 * The message a screen shows for a failed call: the network sentence when the server could not be
 * reached, else the screen's own (spec) message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return isNetworkError(error) ? NETWORK_ERROR_MESSAGE : fallback;
}

type Listener = () => void;
let unauthorizedListener: Listener | null = null;

/**
 * Registers what a 401 does (the auth provider signs out). The client itself never notifies or
 * navigates; it only reports.
 */
export function setUnauthorizedHandler(listener: Listener | null): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Overrides the stored token (log out sends the token it is about to drop). */
  token?: string | null;
  /** The sign-in call and the calls made while signing out must not trigger a sign-out. */
  skipUnauthorized?: boolean;
}

/** Path under /api plus the non-empty query parameters. */
export function apiUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `JWT ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // fetch rejects (a TypeError: "Failed to fetch", "NetworkError when attempting…", "Load
    // failed") only when no answer came back; the browser's words mean nothing to a person.
    throw new ApiError(0, { detail: NETWORK_ERROR_MESSAGE }, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const errorBody = await parseBody(response);
    if (response.status === 401 && !options.skipUnauthorized) unauthorizedListener?.();
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Calls /api{path}; resolves with the parsed JSON body, throws ApiError on any non-2xx. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await parseBody(response)) as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Fetches a file (PDF) with the session token and hands it to the browser as a download. */
export async function download(path: string, filename: string, options: Options = {}): Promise<void> {
  const response = await send(path, { ...options, method: 'GET' });
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

/** Fetches a file as a blob (for in-page previews). */
export async function fetchBlob(path: string, options: Options = {}): Promise<Blob> {
  const response = await send(path, { ...options, method: 'GET' });
  return response.blob();
}
