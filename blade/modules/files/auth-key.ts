import { createHmac, timingSafeEqual } from 'node:crypto';

/** Download keys live 5 minutes: long enough to open a new window, short enough to be useless once leaked. */
export const AUTH_KEY_TTL_SECONDS = 300;

interface KeyClaims {
  tenantId: string;
  userId: string;
  fileId: string;
}

// A key derived from the JWT signing key with its own label, so a download key can never pass as a token or back.
const keyFor = (secret: string) => createHmac('sha256', secret).update('blade-file-auth-key/v1').digest();

function mac(secret: string, payload: string): string {
  return createHmac('sha256', keyFor(secret)).update(payload).digest('base64url');
}

/** `<expiry seconds>.<hmac>` over tenant, user, file and expiry: nothing readable, bound to one file for one user. */
export function signAuthKey(secret: string, claims: KeyClaims, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + AUTH_KEY_TTL_SECONDS;
  return `${exp}.${mac(secret, `${claims.tenantId}|${claims.userId}|${claims.fileId}|${exp}`)}`;
}

export function verifyAuthKey(secret: string, key: string, claims: KeyClaims, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key);
  if (!match) return false;
  const exp = Number(match[1]);
  if (exp < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(mac(secret, `${claims.tenantId}|${claims.userId}|${claims.fileId}|${exp}`));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
