import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The screen-lock password, hashed with scrypt and a per-session salt. The hash lives inside the encrypted seal, so
 * it is never exposed; scrypt still keeps a leaked session key from turning it back into the password cheaply.
 */

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;
const PREFIX = 's1';

export async function hashLockPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH);
  return `${PREFIX}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyLockPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, salt, hash] = stored.split('$');
  if (prefix !== PREFIX || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length || KEY_LENGTH);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
