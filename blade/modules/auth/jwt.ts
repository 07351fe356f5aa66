import { createHmac, timingSafeEqual } from 'node:crypto';

export const JWT_ISSUER = 'issuser';
export const JWT_AUDIENCE = 'audience';

export class JwtError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwtError';
  }
}

export type JwtPayload = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS512' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function sign(input: string, key: string): Buffer {
  return createHmac('sha512', key).update(input).digest();
}

function decodeJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed token');
  }
}

/** Compact JWS, HS512 only. `iss` and `aud` are added here so no caller can forget them. */
export function signJwt(claims: JwtPayload, key: string): string {
  const payload = Buffer.from(JSON.stringify({ iss: JWT_ISSUER, aud: JWT_AUDIENCE, ...claims })).toString(
    'base64url',
  );
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, key).toString('base64url')}`;
}

/**
 * Verifies signature and the registered claims. The algorithm is pinned: the header must say HS512, so `none`,
 * other HMAC sizes and asymmetric algorithms (key-confusion attacks) are all refused before the signature check.
 */
export function verifyJwt(
  token: string,
  key: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): JwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) throw new JwtError('malformed token');
  const [headerPart, payloadPart, signaturePart] = parts;

  const header = decodeJson(headerPart);
  if (typeof header !== 'object' || header === null) throw new JwtError('malformed header');
  const { alg, crit } = header as { alg?: unknown; crit?: unknown };
  if (alg !== 'HS512') throw new JwtError('algorithm not allowed');
  if (crit !== undefined) throw new JwtError('unsupported critical header');

  const expected = sign(`${headerPart}.${payloadPart}`, key);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new JwtError('bad signature');

  const payload = decodeJson(payloadPart);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new JwtError('malformed payload');
  const claims = payload as JwtPayload;

  if (typeof claims.exp !== 'number' || nowSeconds >= claims.exp) throw new JwtError('token expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || nowSeconds < claims.nbf)) {
    throw new JwtError('token not yet valid');
  }
  if (claims.iss !== JWT_ISSUER) throw new JwtError('wrong issuer');
  const aud = claims.aud;
  if (!(aud === JWT_AUDIENCE || (Array.isArray(aud) && aud.includes(JWT_AUDIENCE))))
    throw new JwtError('wrong audience');
  return claims;
}
