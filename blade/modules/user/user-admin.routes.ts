import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { deptsWithChildren, resolveDataScope } from '../../core/data-scope';
import { ok, success } from '../../core/envelope';
import { ServiceError } from '../../core/errors';
import { pageRequest, sortOrders, toPage } from '../../core/page';
import { pageQuerySchema, blank, idSchema, queryInt, intSchema } from '../../../lib/contracts/inputs';
import { clearPermissionCaches, permit } from '../../core/permission';
import { idsParam, updatedBy } from '../../core/permission-input';
import { parseJson, parseQuery } from '../../core/validation';
import { readParams } from '../../core/input';
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
import { assertMayManage, assertMaySetRoles, idList, userVOs } from './user-rules';

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
const detailQuery = z.object({ id: idSchema });
const platformBody = z.object({ id: idSchema, userType: blank(intSchema), userExt: text(2000) });
const grantQuery = z.object({ userIds: z.string(), roleIds: z.string() });

/** User administration (blade-user, contract §7.4): always within the caller's tenant and data scope. */
export function userAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  /**
   * After a write that removes roles, disables, deletes or resets a user has committed: the auth middleware checks
   * a session again (with the user's standing and roles) whenever it is not in this cache, so emptying it makes the
   * change reach that user's very next request (SECURITY 27). The cache only remembers good answers for seconds.
   */
  const recheckSessions = () => deps.caches.sessions.clear();

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

  // GET /blade-user/detail, /submit, /update and /remove: the user resource (lib/contracts/system/user.ts).

  async function detail(auth: AuthUser, id: string) {
    return withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await scopedUser(trx, auth, id);
      return (await userVOs(trx, auth.tenantId, [user]))[0];
    });
  }

  // GET /blade-user/platform-detail?id — UserVO with the platform fields (userType, userExt).
  router.get('/platform-detail', permit(deps, { codes: ['user_platform'] }), async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const vo = await detail(c.get('auth'), id);
    const USER_TYPES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER', 4: '外部用户' };
    return c.json(ok({ ...vo, userTypeName: USER_TYPES[vo.userType] ?? '' }));
  });

  // POST /blade-user/update-platform — JSON { id, userType, userExt }.
  router.post('/update-platform', permit(deps, { codes: ['user_platform'] }), async (c) => {
    const body = await parseJson(c, platformBody);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await scopedUser(trx, auth, body.id);
      await assertMayManage(trx, auth, [user]);
      await trx
        .updateTable('blade_user')
        .set({
          ...(body.userType !== null && body.userType !== undefined ? { user_type: body.userType } : {}),
          ...(body.userExt !== undefined ? { user_ext: body.userExt ?? '' } : {}),
          ...updatedBy(auth),
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', user.id)
        .execute();
    });
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  // POST /blade-user/reset-password?userIds — sets the initial password (account.initPassword, default 123456) and ends
  // every session of those users (SECURITY 27): whoever held one no longer knows the password. A caller resetting
  // their own keeps the session they are using.
  router.post('/reset-password', permit(deps, { codes: ['user_reset'] }), async (c) => {
    const ids = await idsParam(c, 'userIds');
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const users = await scopedUsers(trx, auth, ids);
      await assertMayManage(trx, auth, users);
      const hash = await hashPassword(md5Hex(await initialPassword(trx)));
      await trx
        .updateTable('blade_user')
        .set({ password: hash, ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
      for (const user of users)
        await revokeUserSessions(trx, auth.tenantId, user.id, user.id === auth.userId ? auth.sid : undefined);
    });
    recheckSessions();
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  // POST /blade-user/grant?userIds&roleIds — sets the roles of the listed users (assertMaySetRoles).
  router.post('/grant', permit(deps, { codes: ['user_role'] }), async (c) => {
    const { userIds, roleIds } = parseQuery(c, grantQuery);
    const users = idList(userIds, 'userIds');
    const roles = idList(roleIds, 'roleIds');
    if (users.length === 0) throw new ServiceError('请至少选择一个用户');
    if (roles.length === 0) throw new ServiceError('请选择角色');
    const auth = c.get('auth');
    const changed = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const rows = await scopedUsers(trx, auth, users);
      await assertMayManage(trx, auth, rows);
      const rolesChange = await assertMaySetRoles(trx, auth, rows, roles);
      await trx
        .updateTable('blade_user')
        .set({ role_id: roles.join(','), ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', users)
        .execute();
      return rolesChange;
    });
    if (changed) recheckSessions();
    clearPermissionCaches(deps);
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  // POST /blade-user/unlock?userIds — clears the users' login-failure counters (every address).
  router.post('/unlock', permit(deps, { codes: ['user_unlock'] }), async (c) => {
    const auth = c.get('auth');
    const { userIds } = await readParams(c);
    const ids = idList(typeof userIds === 'string' || Array.isArray(userIds) ? userIds : '', 'userIds');
    if (ids.length === 0) throw new ServiceError('请至少选择一个用户');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const users = await scopedUsers(trx, auth, ids);
      await trx
        .deleteFrom('blade_login_failure')
        .where('tenant_id', '=', auth.tenantId)
        .where(
          'account',
          'in',
          users.map((u) => u.account),
        )
        .execute();
    });
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  return router;
}
