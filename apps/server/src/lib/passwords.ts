import { hash, verify } from '@node-rs/argon2';

// A hash of a random string: verifying against it costs as much as a real check, so an unknown
// username takes as long to refuse as a wrong password.
const DUMMY_HASH = hash('dme-office-timing-equaliser-' + Math.random());

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
