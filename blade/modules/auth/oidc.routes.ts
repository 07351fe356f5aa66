import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { clientIp } from '../../core/client-ip';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/crud';
import { ok } from '../../core/envelope';
import { parseQuery } from '../../core/validation';
import { enabledSources, startLogin } from './oidc.service';

/** The tenant of a public call: the parameter, else the Tenant-Id header, else the platform's (issue 14 notes). */
const tenantOf = (c: Context<BladeEnv>, param: string | undefined) =>
  param?.trim() || c.req.header('tenant-id')?.trim() || '000000';

const sourcesQuery = z.object({ tenantId: z.string().max(12).optional() });
const startQuery = z.object({
  tenantId: z.string().max(12).optional(),
  redirect_uri: z.string().max(2000).optional(),
});

/**
 * Public calls of SSO and social login (sso.md). Neither is in calls.tsv: the source list feeds the login page's
 * buttons, and `render/{source}` is BladeX's name for beginning a login at a source.
 */
export function oidcRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-auth/oauth/sources?tenantId= — the tenant's enabled sources: kind, source and name, nothing else.
  router.get('/oauth/sources', async (c) => {
    const { tenantId } = parseQuery(c, sourcesQuery);
    return c.json(ok(await enabledSources(deps, tenantOf(c, tenantId))));
  });

  // GET /blade-auth/oauth/render/{source}?tenantId=&redirect_uri= — {authorizeUrl}: the provider's page to go to.
  router.get('/oauth/render/:source', async (c) => {
    const query = parseQuery(c, startQuery);
    const answer = await startLogin(deps, {
      tenantId: tenantOf(c, query.tenantId),
      source: c.req.param('source'),
      redirectUri: query.redirect_uri ?? '',
      ip: clientIp(c),
    });
    return c.json(ok(answer));
  });

  // WeChat Open Platform is OAuth 2.0 without OpenID Connect (no ID token, no discovery): not served. Its calls say so
  // rather than answer a success that did not happen; a wechat_open source cannot be configured (login-source hooks).
  for (const call of ['callback', 'revoke', 'checkAuth']) {
    router.post(`/oauth/${call}/wechat_open`, () => {
      throw new KeyedError('sso.wechatNotServed');
    });
  }

  return router;
}
