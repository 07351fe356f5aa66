import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { clientIp } from '../../core/client-ip';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { ok, success } from '../../core/envelope';
import { withTenant } from '../../db/tenant';
import { requireAuth } from './auth.middleware';
import { parseQuery } from '../../core/validation';
import { WECHAT_OPEN } from '../../../lib/contracts/system/login-source';
import { authenticateClient } from './client.service';
import { GRANT_MESSAGES as M, GrantError } from './grant-error';
import { grantParams } from './grant-params';
import { enabledSources, finishLogin, startLogin } from './oidc.service';

/** The tenant of a public call: the parameter, else the Tenant-Id header, else the platform's (issue 14 notes). */
const tenantOf = (c: Context<BladeEnv>, param: string | undefined) =>
  param?.trim() || c.req.header('tenant-id')?.trim() || '000000';

const sourcesQuery = z.object({ tenantId: z.string().max(12).optional() });
const startQuery = z.object({
  tenantId: z.string().max(12).optional(),
  redirect_uri: z.string().max(2000).optional(),
});

/** The revoke call's answer: the binding is gone (messages sso.wechatUnbound says the same for the portal). */
const WECHAT_UNBOUND = '已解除微信账号绑定';

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

  // POST /blade-auth/oauth/callback/wechat_open — code and state (query or form body): the same login as the token
  // call's grant social with source wechat_open, client authentication included, for clients that post WeChat's
  // callback here. The portal does not forward it (lib/bff/routes.ts): its callback page uses the token call, where
  // the BFF checks that the state belongs to the browser (sso.md).
  router.post(`/oauth/callback/${WECHAT_OPEN}`, bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    try {
      const client = await authenticateClient(deps, c.req.header('authorization'));
      const params = await grantParams(c, M.badState);
      return c.json(
        await finishLogin(deps, {
          grant: 'social',
          source: WECHAT_OPEN,
          code: params.code ?? '',
          state: params.state ?? '',
          redirectUri: params.redirect_uri ?? '',
          iss: '',
          client,
          deptId: c.req.header('dept-id')?.trim() || undefined,
          roleId: c.req.header('role-id')?.trim() || undefined,
        }),
      );
    } catch (err) {
      if (!(err instanceof GrantError)) throw err;
      // The token call's dialect: a client of one reads the other alike.
      const body = { error_code: err.status, error_description: err.message };
      return c.json({ ...body, code: err.status, success: false, msg: err.message }, err.status);
    }
  });

  // POST /blade-auth/oauth/revoke/wechat_open (Blade-Auth) — WeChat Open has no revocation endpoint, and this product
  // keeps no WeChat token to revoke: what the caller can take back is the link between their WeChat account and their
  // user. The caller's own binding is removed; the next WeChat login of that person is an unknown one (sso.md).
  router.post(`/oauth/revoke/${WECHAT_OPEN}`, requireAuth(deps), async (c) => {
    const auth = c.get('auth');
    const removed = await withTenant(deps.db, auth.tenantId, (trx) =>
      trx
        .deleteFrom('blade_user_oauth')
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('source', '=', WECHAT_OPEN)
        .executeTakeFirst(),
    );
    if (!removed.numDeletedRows) throw new KeyedError('sso.wechatNotBound');
    return c.json(success(WECHAT_UNBOUND));
  });

  // No WeChat access token is kept or handed out (wechat.ts reads the openid and forgets it): there is no WeChat
  // authorization of the caller's to check at sns/auth. Says so, never a success (sso.md).
  router.post(`/oauth/checkAuth/${WECHAT_OPEN}`, () => {
    throw new KeyedError('sso.wechatNoCheckAuth');
  });

  return router;
}
