import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { deptsWithChildren, resolveDataScope } from '../../core/data-scope';
import { ok, success } from '../../core/envelope';
import { ForbiddenError, NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../core/page';
import { clearPermissionCaches, demand, permit } from '../../core/permission';
import { createdBy, idsParam, PRIVILEGED_ALIASES, updatedBy } from '../../core/permission-input';
import { splitIds } from '../../core/tree';
import { blank, idSchema, parseJson, parseQuery, queryInt } from '../../core/validation';
import type { UserRow } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { hashPassword, md5Hex } from '../auth/password';
import { revokeUserSessions } from '../auth/session.repository';
import { isTenantAdmin } from '../../core/roles';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { intSchema } from '../../core/validation';
import { assertMayHandOut, demandGrantableRoles, requireRoles } from '../system/role/role.rules';
import { findRolesByIds } from '../system/role/role.repository';
import {
  accountTaken,
  assertAccountRoom,
  EXTERNAL_USER,
  forgetUserTotals,
  initialPassword,
  pageUsers,
  scopedUser,
  scopedUsers,
  USER_SORTABLE,
} from './user-admin.repository';
import { assertAvatar } from './avatar';
import { toUserVO } from './user.vo';

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
const idListText = blank(z.union([z.string(), z.array(z.union([z.string(), z.number()]))]));
const DATE = /^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/;

const userBody = z.object({
  id: blank(idSchema),
  account: text(45),
  password: text(64),
  password2: text(64),
  code: text(12),
  name: text(20),
  realName: text(10),
  avatar: text(2000),
  email: text(45),
  phone: text(45),
  birthday: blank(z.string().regex(DATE, '日期格式为 yyyy-MM-dd HH:mm:ss')),
  sex: blank(intSchema),
  userType: blank(intSchema),
  status: blank(intSchema),
  roleId: idListText,
  deptId: idListText,
  postId: idListText,
});
const platformBody = z.object({ id: idSchema, userType: blank(intSchema), userExt: text(2000) });
const grantQuery = z.object({ userIds: z.string(), roleIds: z.string() });

/** `1,2` or `[1,2]` → ids (validated), order kept, duplicates dropped. */
function idList(value: string | Array<string | number> | null | undefined, field: string): string[] {
  const parts = (Array.isArray(value) ? value.map(String) : (value ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^[1-9]\d{0,18}$/.test(p))) throw new ServiceError(`${field}:必须是有效的ID`);
  return [...new Set(parts)];
}

/** Names for the ids a page of users mentions, in one query per kind. */
async function userVOs(trx: Db, tenantId: string, users: UserRow[]) {
  const ids = (pick: (u: UserRow) => string) => [...new Set(users.flatMap((u) => splitIds(pick(u))))];
  const roles = await findRolesByIds(
    trx,
    tenantId,
    ids((u) => u.role_id),
  );
  const depts = await findDeptsByIds(
    trx,
    tenantId,
    ids((u) => u.dept_id),
  );
  const postIds = ids((u) => u.post_id);
  const posts = postIds.length
    ? await trx
        .selectFrom('blade_post')
        .select(['id', 'post_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', postIds)
        .where('is_deleted', '=', 0)
        .execute()
    : [];
  return users.map((u) => {
    const mine = (all: Array<{ id: string }>, list: string) => {
      const set = new Set(splitIds(list));
      return all.filter((x) => set.has(x.id));
    };
    return {
      ...toUserVO(u, mine(roles, u.role_id) as typeof roles, mine(depts, u.dept_id) as typeof depts),
      postName: (mine(posts, u.post_id) as typeof posts).map((p) => p.post_name).join(','),
      userExt: u.user_ext,
    };
  });
}

/** A caller who is not an administrator may not touch administrators' accounts. */
async function assertMayManage(trx: Db, auth: AuthUser, users: UserRow[]): Promise<void> {
  if (isTenantAdmin(auth)) return;
  const roles = await findRolesByIds(trx, auth.tenantId, [
    ...new Set(users.flatMap((u) => splitIds(u.role_id))),
  ]);
  if (roles.some((r) => PRIVILEGED_ALIASES.has(r.role_alias))) throw new ForbiddenError();
}

/**
 * Checks a write that sets the roles of `users` (none: a new account) to `roleIds`, and tells whether anyone's roles
 * change. Every call that sets a user's roles comes through here (SECURITY 25):
 * - nobody changes their own roles: 400, like the other refusals about the caller's own account (不能删除本账号!);
 * - roles that change hands must be the caller's to give (role-admin demandGrantableRoles: 403). A set left as it is
 *   hands nothing out, so the profile of someone with wider rights can still be edited.
 */
const OWN_ROLES = '不能修改本账号的角色!';
async function assertMaySetRoles(
  trx: Db,
  auth: AuthUser,
  users: UserRow[],
  roleIds: string[],
): Promise<boolean> {
  const wanted = new Set(roleIds);
  const changing = users.filter((u) => {
    const current = new Set(splitIds(u.role_id));
    return current.size !== wanted.size || [...current].some((id) => !wanted.has(id));
  });
  if (changing.some((u) => u.id === auth.userId)) throw new ServiceError(OWN_ROLES);
  if (users.length === 0 || changing.length > 0) await demandGrantableRoles(trx, auth, roleIds);
  else assertMayHandOut(auth, await requireRoles(trx, auth, roleIds));
  return changing.length > 0;
}

/** Depts and posts a user form names must be the caller's tenant's (404). */
async function checkReferences(trx: Db, auth: AuthUser, deptIds: string[], postIds: string[]) {
  if ((await findDeptsByIds(trx, auth.tenantId, deptIds)).length !== deptIds.length)
    throw new NotFoundError();
  if (postIds.length) {
    const posts = await trx
      .selectFrom('blade_post')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', postIds)
      .where('is_deleted', '=', 0)
      .execute();
    if (posts.length !== postIds.length) throw new NotFoundError();
  }
}

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
  const pageHandler = (userType?: number) => async (c: Context<BladeEnv>) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(USER_SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, auth, 'user');
      const deptIds = query.deptId ? await deptsWithChildren(trx, auth.tenantId, [query.deptId]) : undefined;
      const filter = {
        ...query,
        ...(userType ? { userType } : {}),
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
  };
  router.get('/page', permit(deps, { codes: ['user'] }), pageHandler());

  async function detail(auth: AuthUser, id: string, userType?: number) {
    return withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await scopedUser(trx, auth, id);
      if (userType && user.user_type !== userType) throw new NotFoundError();
      return (await userVOs(trx, auth.tenantId, [user]))[0];
    });
  }

  // GET /blade-user/detail?id — UserVO (never the password hash).
  router.get('/detail', permit(deps, { codes: ['user'] }), async (c) => {
    const { id } = parseQuery(c, detailQuery);
    return c.json(ok(await detail(c.get('auth'), id)));
  });

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

  async function save(
    auth: AuthUser,
    body: z.output<typeof userBody>,
    requireId: boolean,
    userType?: number,
  ) {
    if (requireId && !body.id) throw new ServiceError('id:不能为空');
    const prefix = userType === EXTERNAL_USER ? 'external_user' : 'user';
    await demand(deps, auth, { codes: [body.id ? `${prefix}_edit` : `${prefix}_add`] });
    const account = body.account?.trim();
    if (!account) throw new ServiceError('请输入账号');
    assertAvatar(deps, body.avatar);
    const roleIds = idList(body.roleId, 'roleId');
    const deptIds = idList(body.deptId, 'deptId');
    const postIds = idList(body.postId, 'postId');
    if (roleIds.length === 0) throw new ServiceError('请选择所属角色');
    if (deptIds.length === 0) throw new ServiceError('请选择所属部门');
    if (!body.id) {
      if (!body.password) throw new ServiceError('请输入密码');
      if (body.password2 !== undefined && body.password2 !== null && body.password2 !== body.password)
        throw new ServiceError('两次密码输入不一致');
    }
    // The form sends the plain password (as Blade's does); stored like a login's md5 hex, then argon2id.
    const hash = body.id ? undefined : await hashPassword(md5Hex(body.password!));
    const values = {
      account,
      code: body.code ?? '',
      name: body.name ?? '',
      real_name: body.realName ?? '',
      avatar: body.avatar ?? '',
      email: body.email ?? '',
      phone: body.phone ?? '',
      birthday: body.birthday ? new Date(body.birthday.replace(' ', 'T')) : null,
      sex: body.sex ?? null,
      role_id: roleIds.join(','),
      dept_id: deptIds.join(','),
      post_id: postIds.join(','),
      ...(userType ? { user_type: userType } : body.userType ? { user_type: body.userType } : {}),
      ...(body.status !== null && body.status !== undefined ? { status: body.status } : {}),
    };
    const recheck = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const existing = body.id ? await scopedUser(trx, auth, body.id) : undefined;
      if (existing) {
        if (userType && existing.user_type !== userType) throw new NotFoundError();
        await assertMayManage(trx, auth, [existing]);
        if (existing.id === auth.userId && values.status !== undefined && values.status !== 1)
          throw new ServiceError('不能停用本账号!');
      }
      const rolesChange = await assertMaySetRoles(trx, auth, existing ? [existing] : [], roleIds);
      await checkReferences(trx, auth, deptIds, postIds);
      if (await accountTaken(trx, auth.tenantId, account, body.id))
        throw new ServiceError('当前账号已被使用!');
      if (existing) {
        await trx
          .updateTable('blade_user')
          .set({ ...values, ...updatedBy(auth) })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', existing.id)
          .execute();
        return rolesChange || (values.status !== undefined && values.status !== 1);
      }
      await assertAccountRoom(trx, auth.tenantId);
      await trx
        .insertInto('blade_user')
        .values({ id: nextId(), tenant_id: auth.tenantId, password: hash!, ...values, ...createdBy(auth) })
        .execute();
      return false;
    });
    if (recheck) recheckSessions();
  }

  // POST /blade-user/submit — add (user_add, password required) or edit (user_edit; password ignored).
  router.post('/submit', permit(deps, { codes: ['user_add', 'user_edit'] }), async (c) => {
    await save(c.get('auth'), await parseJson(c, userBody), false);
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  // POST /blade-user/update — edit only (user_edit); a password in the body is ignored (contract §11 #14).
  router.post('/update', permit(deps, { codes: ['user_edit'] }), async (c) => {
    await save(c.get('auth'), await parseJson(c, userBody), true);
    forgetUserTotals(deps.db);
    return c.json(success());
  });

  // POST /blade-user/remove?ids — soft delete; the caller's own account cannot be removed. Their sessions end.
  const removeHandler = (userType?: number) => async (c: Context<BladeEnv>) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    if (ids.includes(auth.userId)) throw new ServiceError('不能删除本账号!');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const users = await scopedUsers(trx, auth, ids);
      if (userType && users.some((u) => u.user_type !== userType)) throw new NotFoundError();
      await assertMayManage(trx, auth, users);
      await trx
        .updateTable('blade_user')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
    });
    recheckSessions();
    forgetUserTotals(deps.db);
    return c.json(success());
  };
  router.post('/remove', permit(deps, { codes: ['user_delete'] }), removeHandler());

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
    const raw = c.req.query('userIds') ?? '';
    const auth = c.get('auth');
    const form = raw ? {} : await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const ids = idList(raw || (typeof form['userIds'] === 'string' ? form['userIds'] : ''), 'userIds');
    if (ids.length === 0) return c.json({ code: 400, success: false, data: {}, msg: '请至少选择一个用户' });
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

  // External users (people outside the organisation, e.g. customer contacts): accounts with user_type 4, on their
  // own page (`external_user` and its buttons). Each call sees and touches only external users (another user's id is
  // a 404). The page is also readable with `dept_lab_user`: that screen picks the external users it attaches.
  // GET /blade-user/externalUser/page — as blade-user/page, external users only.
  router.get(
    '/externalUser/page',
    permit(deps, { codes: ['external_user', 'dept_lab_user'] }),
    pageHandler(EXTERNAL_USER),
  );
  // GET /blade-user/externalUser/detail?id
  router.get('/externalUser/detail', permit(deps, { codes: ['external_user'] }), async (c) => {
    const { id } = parseQuery(c, detailQuery);
    return c.json(ok(await detail(c.get('auth'), id, EXTERNAL_USER)));
  });
  // POST /blade-user/externalUser/save — add only (external_user_add).
  router.post('/externalUser/save', permit(deps, { codes: ['external_user_add'] }), async (c) => {
    const body = await parseJson(c, userBody);
    if (body.id) throw new ServiceError('id:新增时不能指定');
    await save(c.get('auth'), body, false, EXTERNAL_USER);
    forgetUserTotals(deps.db);
    return c.json(success());
  });
  // POST /blade-user/externalUser/update — edit only (external_user_edit); a password in the body is ignored.
  router.post('/externalUser/update', permit(deps, { codes: ['external_user_edit'] }), async (c) => {
    await save(c.get('auth'), await parseJson(c, userBody), true, EXTERNAL_USER);
    forgetUserTotals(deps.db);
    return c.json(success());
  });
  // POST /blade-user/externalUser/remove?ids — soft delete (external_user_delete).
  router.post(
    '/externalUser/remove',
    permit(deps, { codes: ['external_user_delete'] }),
    removeHandler(EXTERNAL_USER),
  );

  return router;
}
