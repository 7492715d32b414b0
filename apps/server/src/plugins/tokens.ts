import { SignJWT, jwtVerify } from 'jose';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
  readonly ttlSeconds: number;
}

/** JWT_SECRET when set; otherwise a random secret kept in the data folder (created once). */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** Verified tokens kept per process (a token is verified once, not on every request). */
const VERIFIED_LIMIT = 10_000;

/**
 * HS256 tokens. The key is imported into WebCrypto once (jose re-imports raw bytes on every
 * call). A verified token's claims are remembered until the token expires, so a signed-in
 * browser's requests skip the signature check after the first; the session row is still read
 * on every request (plugins/auth.ts), so Log Out and deactivation end access at once.
 */
export function createTokenService(secret: string, ttlMinutes: number): TokenService {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, TokenClaims & { expiresAt: number }>();
  const ttlSeconds = ttlMinutes * 60;
  return {
    ttlSeconds,
    async sign({ userId, sessionId }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || typeof sessionId !== 'string' || typeof payload.exp !== 'number') return null;
        if (verified.size >= VERIFIED_LIMIT) verified.clear();
        verified.set(token, { userId, sessionId, expiresAt: payload.exp * 1000 });
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}
