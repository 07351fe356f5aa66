import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const LEGACY_SHA1 = /^[0-9a-f]{40}$/i;
const MD5_HEX = /^[0-9a-f]{32}$/i;

export const md5Hex = (value: string) => createHash('md5').update(value, 'utf8').digest('hex');
const sha1Hex = (value: string) => createHash('sha1').update(value, 'utf8').digest('hex');

/** What the client sends is md5(plaintext) hex; case is not significant there. */
export function normaliseClientPassword(value: string): string {
  return MD5_HEX.test(value) ? value.toLowerCase() : value;
}

/** argon2id (the library's default algorithm) over the client's md5 hex. */
export async function hashPassword(clientPassword: string): Promise<string> {
  return hash(normaliseClientPassword(clientPassword));
}

export interface PasswordCheck {
  ok: boolean;
  /** A legacy Blade hash (sha1 of the md5 hex) matched: store an argon2id hash instead. */
  needsRehash: boolean;
}

export async function checkPassword(stored: string, clientPassword: string): Promise<PasswordCheck> {
  const given = normaliseClientPassword(clientPassword);
  if (stored.startsWith('$argon2')) {
    try {
      return { ok: await verify(stored, given), needsRehash: false };
    } catch {
      return { ok: false, needsRehash: false };
    }
  }
  if (LEGACY_SHA1.test(stored)) {
    const ok = timingSafeEqual(Buffer.from(sha1Hex(given)), Buffer.from(stored.toLowerCase()));
    return { ok, needsRehash: ok };
  }
  return { ok: false, needsRehash: false };
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification so that unknown accounts answer as slowly as wrong passwords. */
export async function burnPasswordCheck(clientPassword: string): Promise<void> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verify(await dummyHash, normaliseClientPassword(clientPassword)).catch(() => false);
}

/** Client secrets are hashed the same way; they are random, so the hash mostly guards against a leaked table. */
export async function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  return verify(stored, secret).catch(() => false);
}
