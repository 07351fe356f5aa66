import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { UnauthorizedError } from '../../core/errors';
import { splitIds } from '../../core/tree';
import { withTenant } from '../../db/tenant';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { findRolesByIds } from '../system/role/role.repository';
import { deptLabRoutes } from './dept-lab.routes';
import { userAdminRoutes } from './user-admin.routes';
import { findUserById } from './user.repository';
import { toUserVO } from './user.vo';

/** The blade-user service's token-guarded routes: the current user's, and the routers of user administration. */
export function userRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-user/info — the current user (UserVO); the password hash is never part of it.
  router.get('/info', async (c) => {
    const auth = c.get('auth');
    const vo = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await findUserById(trx, auth.tenantId, auth.userId);
      if (!user) return undefined;
      const roles = await findRolesByIds(trx, auth.tenantId, splitIds(user.role_id));
      const depts = await findDeptsByIds(trx, auth.tenantId, splitIds(user.dept_id));
      return toUserVO(user, roles, depts);
    });
    if (!vo) throw new UnauthorizedError();
    return c.json(ok(vo));
  });

  router.route('/', userAdminRoutes(deps));
  router.route('/', deptLabRoutes(deps));
  return router;
}
