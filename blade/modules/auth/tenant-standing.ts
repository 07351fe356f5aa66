import type { MiddlewareHandler } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { UnauthorizedError } from '../../core/errors';
import { findTenant, tenantExpired } from '../system/tenant/tenant.repository';
import { GRANT_MESSAGES } from './grant-error';

/**
 * Tokens of a tenant that expired, was disabled or removed stop working at once (within the few seconds of the
 * cache), not only at the next login or refresh (auth/token.service refuses those). Answers 401 with the login's
 * text, so the portal ends the session. Mounted once in app.ts after the token check.
 */
export function tenantStandingGuard(deps: Deps): MiddlewareHandler<BladeEnv> {
  // Not async: the standing is cached, and a cached good standing needs no waiting.
  return (c, next) => {
    const { tenantId } = c.get('auth');
    const problem = deps.caches.menus.get(`tenant|${tenantId}`);
    if (problem === '') return next();
    if (problem !== undefined) throw new UnauthorizedError(problem);
    return tenantStandingProblem(deps, tenantId).then((found) => {
      if (found) throw new UnauthorizedError(found);
      return next();
    });
  };
}

/** Why the tenant's tokens no longer work ('' when they do), remembered with the menu caches. */
async function tenantStandingProblem(deps: Deps, tenantId: string): Promise<string> {
  const tenant = await findTenant(deps.db, tenantId);
  const problem = !tenant
    ? GRANT_MESSAGES.badRefresh
    : tenant.status !== 1
      ? GRANT_MESSAGES.tenantDisabled
      : tenantExpired(tenant)
        ? GRANT_MESSAGES.tenantExpired
        : '';
  deps.caches.menus.set(`tenant|${tenantId}`, problem);
  return problem;
}
