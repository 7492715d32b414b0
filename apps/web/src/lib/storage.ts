import type { Session } from '@dme/shared';

const AUTH_KEY = 'auth';
const TOKEN_KEY = 'token';
/** List filters that survive a reload (call-patient, eligibility, shipping) use this prefix. */
export const PERSIST_PREFIX = 'dme.persist.';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this tab.
  }
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.id === 'number' &&
    typeof s.fullName === 'string' &&
    typeof s.username === 'string' &&
    typeof s.avatar === 'string' &&
    typeof s.token === 'string' &&
    typeof s.role_id === 'number'
  );
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function setToken(token: string): void {
  write(TOKEN_KEY, token);
}

/** The stored session, or null when missing, malformed, or its token was removed. */
export function getSession(): Session | null {
  const raw = read(AUTH_KEY);
  const token = getToken();
  if (!raw || !token) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? { ...parsed, token } : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  write(AUTH_KEY, JSON.stringify(session));
  write(TOKEN_KEY, session.token);
}

export function clearAuth(): void {
  write(AUTH_KEY, null);
  write(TOKEN_KEY, null);
}

export function clearPersisted(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PERSIST_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function readPersisted<T>(name: string): T | null {
  const raw = read(PERSIST_PREFIX + name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writePersisted(name: string, value: unknown): void {
  write(PERSIST_PREFIX + name, JSON.stringify(value));
}

export const STORAGE_KEYS = { auth: AUTH_KEY, token: TOKEN_KEY } as const;
