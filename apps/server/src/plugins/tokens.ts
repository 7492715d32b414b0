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

export function createTokenService(secret: string, ttlMinutes: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const ttlSeconds = ttlMinutes * 60;
  return {
    ttlSeconds,
    async sign({ userId, sessionId }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}
