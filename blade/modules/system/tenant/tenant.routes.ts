import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { parseQuery } from '../../../core/validation';
import { hostOf } from './tenant-domain';
import { findTenantsMentioningHost, tenantExpired } from './tenant.repository';

const infoQuery = z.object({ domain: z.string().max(2000, '长度不能超过2000').optional() });

/** Public routes: mounted before the token check. */
export function tenantPublicRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/tenant/info?domain — PUBLIC. The live tenant bound to the page's host (tenantId, tenantName,
  // domain, backgroundUrl: the login page hides the tenant field and may show the background), else {}.
  router.get('/tenant/info', async (c) => {
    const host = hostOf(parseQuery(c, infoQuery).domain ?? '');
    if (!host) return c.json(ok({}));
    const candidates = await findTenantsMentioningHost(deps.db, host);
    const tenant = candidates.find((t) => t.status === 1 && !tenantExpired(t) && hostOf(t.domain) === host);
    if (!tenant) return c.json(ok({}));
    return c.json(
      ok({
        tenantId: tenant.tenant_id,
        tenantName: tenant.tenant_name,
        domain: tenant.domain,
        backgroundUrl: tenant.background_url,
      }),
    );
  });

  return router;
}
