import type { MiddlewareHandler } from 'hono';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { UnauthorizedError } from '../../core/errors';
import { withTenant } from '../../db/tenant';
import { isSessionLive } from './session.repository';
import { verifyAccessTokenWithExpiry } from './tokens';

const BEARER = /^bearer (\S+)$/i;

/** `Blade-Auth: bearer <jwt>`; the `blade-auth` query parameter is not accepted (tokens do not belong in URLs). */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header?.trim() ?? '')?.[1];
}

/**
 * The claims of a token whose signature was checked recently: every portal call carries the same token for its
 * lifetime, and an HMAC-SHA512 check plus JSON and schema parsing is the largest cost of a cached call. Expiry is
 * checked again on every use; revocation is the session check below, which does not depend on this cache.
 */
function verifiedToken(deps: Deps, token: string): AuthUser {
  const cached = deps.caches.tokens.get(token);
  if (cached && cached.expiresAt > Date.now()) return cached.auth;
  try {
    const verified = verifyAccessTokenWithExpiry(token, deps.settings.jwtSigningKey);
    deps.caches.tokens.set(token, verified);
    return verified.auth;
  } catch {
    throw new UnauthorizedError();
  }
}

/**
 * Verifies the access token and that its auth session is still open; puts the caller on the context. Not an async
 * function: with the session recently seen alive there is nothing to wait for, and every call passes through here.
 */
export function requireAuth(deps: Deps): MiddlewareHandler<BladeEnv> {
  return (c, next) => {
    const token = bearerToken(c.req.header('blade-auth'));
    if (!token) throw new UnauthorizedError();
    const auth = verifiedToken(deps, token);
    c.set('auth', auth);
    // A disabled or deleted user loses access within the cache's few seconds, not at token expiry.
    if (deps.caches.sessions.has(auth.sid)) return next();
    return confirmSessionLive(deps, auth).then(next);
  };
}

async function confirmSessionLive(deps: Deps, auth: AuthUser): Promise<void> {
  const { tenantId, sid, userId } = auth;
  const live = await withTenant(deps.db, tenantId, (trx) => isSessionLive(trx, tenantId, sid, userId));
  if (!live) throw new UnauthorizedError();
  deps.caches.sessions.add(sid);
}
