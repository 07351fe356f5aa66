import type { MiddlewareHandler } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { UnauthorizedError } from '../../core/errors';
import { withTenant } from '../../db/tenant';
import { isSessionLive } from './session.repository';
import { verifyAccessToken } from './tokens';

const BEARER = /^bearer (\S+)$/i;

/** `Blade-Auth: bearer <jwt>`; the `blade-auth` query parameter is not accepted (tokens do not belong in URLs). */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header?.trim() ?? '')?.[1];
}

/** Verifies the access token and that its auth session is still open; puts the caller on the context. */
export function requireAuth(deps: Deps): MiddlewareHandler<BladeEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('blade-auth'));
    if (!token) throw new UnauthorizedError();
    let auth;
    try {
      auth = verifyAccessToken(token, deps.settings.jwtSigningKey);
    } catch {
      throw new UnauthorizedError();
    }
    // A disabled or deleted user loses access within the cache's few seconds, not at token expiry.
    if (!deps.caches.sessions.has(auth.sid)) {
      const { tenantId, sid, userId } = auth;
      const live = await withTenant(deps.db, tenantId, (trx) => isSessionLive(trx, tenantId, sid, userId));
      if (!live) throw new UnauthorizedError();
      deps.caches.sessions.add(sid);
    }
    c.set('auth', auth);
    await next();
  };
}
