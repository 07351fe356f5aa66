import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { UnauthorizedError } from '../../core/errors';
import { ok, success } from '../../core/envelope';
import { clearPermissionCaches } from '../../core/permission';
import { withTenant } from '../../db/tenant';
import { findTenant } from '../system/tenant/tenant.repository';
import { findUserById } from '../user/user.repository';
import { findRolesByIds } from '../system/role/role.repository';
import { identityFields } from './identity';
import { lockRoutes } from './lock.routes';
import { requireTenantAdmin } from '../../core/roles';
import { findSession, revokeSession } from './session.repository';

export function sessionRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET|POST /blade-auth/oauth/logout — ends the auth session: its access and refresh tokens stop working at once.
  router.on(['GET', 'POST'], '/oauth/logout', async (c) => {
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, (trx) => revokeSession(trx, auth.tenantId, auth.sid));
    deps.caches.sessions.delete(auth.sid);
    return c.json(success());
  });

  // GET /blade-auth/oauth/user-info — the token's user with the roles/depts in force; never a password hash.
  router.get('/oauth/user-info', async (c) => {
    const auth = c.get('auth');
    const found = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await findUserById(trx, auth.tenantId, auth.userId);
      const tenant = await findTenant(trx, auth.tenantId);
      if (!user || !tenant) return undefined;
      // A guest session (SSO/social login of an unknown person) stands for a third-party account: the registration
      // dialog sends it as oauthId.
      const session = await findSession(trx, auth.tenantId, auth.sid);
      return {
        user,
        tenant,
        roles: await findRolesByIds(trx, auth.tenantId, auth.roleIds),
        oauthId: session?.oauth_id ?? '',
      };
    });
    if (!found) throw new UnauthorizedError();
    const { user, tenant, roles, oauthId } = found;
    return c.json(
      ok({
        ...identityFields({ user, tenant, roles, deptIds: auth.deptIds, postIds: auth.postIds }),
        email: user.email,
        phone: user.phone,
        tenant_name: tenant.tenant_name,
        oauth_id: oauthId,
      }),
    );
  });

  // GET /blade-auth/oauth/clear-cache — drops this process's caches (sessions, client verdicts); administrators only
  // (as BladeX's @PreAuth(HAS_ROLE_ADMIN)): every tenant shares these caches.
  router.get('/oauth/clear-cache', requireTenantAdmin, (c) => {
    deps.caches.sessions.clear();
    deps.caches.clients.clear();
    clearPermissionCaches(deps);
    return c.json(success());
  });

  router.route('/', lockRoutes(deps));

  return router;
}
