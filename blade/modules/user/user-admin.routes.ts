import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { deptsWithChildren, resolveDataScope } from '../../core/data-scope';
import { ok } from '../../core/envelope';
import { pageRequest, sortOrders, toPage } from '../../core/page';
import { pageQuerySchema, blank, idSchema, queryInt } from '../../../lib/contracts/inputs';
import {
  userGrant,
  userPlatformDetail,
  userResetPassword,
  userUnlock,
  userUpdatePlatform,
} from '../../../lib/contracts/system/user-admin.actions';
import { actionRouter } from '../../core/action';
import { clearPermissionCaches, permit } from '../../core/permission';
import { updatedBy } from '../../core/permission-input';
import { parseQuery } from '../../core/validation';
import { withTenant } from '../../db/tenant';
import { hashPassword, md5Hex } from '../auth/password';
import { revokeUserSessions } from '../auth/session.repository';
import {
  forgetUserTotals,
  initialPassword,
  pageUsers,
  scopedUser,
  scopedUsers,
  USER_SORTABLE,
} from './user-admin.repository';
import { assertMayManage, assertMaySetRoles, userVOs } from './user-rules';

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({
  deptId: blank(idSchema),
  account: text(45),
  realName: text(45),
  name: text(45),
  phone: text(45),
  email: text(45),
  code: text(45),
  userType: queryInt,
  status: queryInt,
});
const USER_TYPES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER', 4: '外部用户' };

/** User administration (blade-user, contract §7.4): always within the caller's tenant and data scope. */
export function userAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-user/page?current&size&deptId — users of a dept and the depts below it (all without deptId), filters
  // account/realName/name/phone/email/code (contains), userType/status (equal); the data scope `user` applies.
  router.get('/page', permit(deps, { codes: ['user'] }), async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(USER_SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, auth, 'user');
      const deptIds = query.deptId ? await deptsWithChildren(trx, auth.tenantId, [query.deptId]) : undefined;
      const filter = {
        ...query,
        deptIds,
        current: undefined,
        size: undefined,
        ascs: undefined,
        descs: undefined,
      };
      const { rows, total } = await pageUsers(trx, auth.tenantId, filter, scope, page, orders, deps.db);
      return toPage(await userVOs(trx, auth.tenantId, rows), total, page);
    });
    return c.json(ok(result));
  });

  // GET /blade-user/detail, /submit, /update and /remove: the user resource (lib/contracts/system/user.ts); the
  // platform fields, password reset, grant and unlock: userAdminActions below.
  return router;
}

/**
 * The declared calls of user administration (lib/contracts/system/user-admin.actions.ts), served from the registry
 * at their full paths.
 */
export function userAdminActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  /**
   * After a write that removes roles, disables, deletes or resets a user has committed: the auth middleware checks
   * a session again (with the user's standing and roles) whenever it is not in this cache, so emptying it makes the
   * change reach that user's very next request (SECURITY 27). The cache only remembers good answers for seconds, so
   * clearing it after every grant costs a recheck at most.
   */
  const recheckSessions = () => deps.caches.sessions.clear();

  serve(userPlatformDetail, async ({ trx, auth, input }) => {
    const user = await scopedUser(trx, auth, input.id);
    const vo = (await userVOs(trx, auth.tenantId, [user]))[0];
    return { ...vo, userTypeName: USER_TYPES[vo.userType] ?? '' };
  });

  serve(
    userUpdatePlatform,
    async ({ trx, auth, input }) => {
      const user = await scopedUser(trx, auth, input.id);
      await assertMayManage(trx, auth, [user]);
      await trx
        .updateTable('blade_user')
        .set({
          ...(input.userType !== null && input.userType !== undefined ? { user_type: input.userType } : {}),
          ...(input.userExt !== undefined ? { user_ext: input.userExt ?? '' } : {}),
          ...updatedBy(auth),
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', user.id)
        .execute();
      return null;
    },
    () => forgetUserTotals(deps.db),
  );

  // Whoever held a session of those users no longer knows the password, so every one ends (SECURITY 27); a caller
  // resetting their own keeps the session they are using.
  serve(
    userResetPassword,
    async ({ trx, auth, input }) => {
      const users = await scopedUsers(trx, auth, input.userIds);
      await assertMayManage(trx, auth, users);
      const hash = await hashPassword(md5Hex(await initialPassword(trx)));
      await trx
        .updateTable('blade_user')
        .set({ password: hash, ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', input.userIds)
        .execute();
      for (const user of users)
        await revokeUserSessions(trx, auth.tenantId, user.id, user.id === auth.userId ? auth.sid : undefined);
      return null;
    },
    () => {
      recheckSessions();
      forgetUserTotals(deps.db);
    },
  );

  // The roles the caller may hand out (assertMaySetRoles); a user's changed roles reach their very next request.
  serve(
    userGrant,
    async ({ trx, auth, input }) => {
      const rows = await scopedUsers(trx, auth, input.userIds);
      await assertMayManage(trx, auth, rows);
      await assertMaySetRoles(trx, auth, rows, input.roleIds);
      await trx
        .updateTable('blade_user')
        .set({ role_id: input.roleIds.join(','), ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', input.userIds)
        .execute();
      return null;
    },
    () => {
      recheckSessions();
      clearPermissionCaches(deps);
      forgetUserTotals(deps.db);
    },
  );

  serve(
    userUnlock,
    async ({ trx, auth, input }) => {
      const users = await scopedUsers(trx, auth, input.userIds);
      await trx
        .deleteFrom('blade_login_failure')
        .where('tenant_id', '=', auth.tenantId)
        .where(
          'account',
          'in',
          users.map((u) => u.account),
        )
        .execute();
      return null;
    },
    () => forgetUserTotals(deps.db),
  );

  return router;
}
