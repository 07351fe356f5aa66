import type { AuthUser } from '../../core/context';
import { ForbiddenError, NotFoundError, ServiceError } from '../../core/errors';
import { PRIVILEGED_ALIASES } from '../../core/permission-input';
import { isTenantAdmin } from '../../core/roles';
import { splitIds } from '../../core/tree';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { findPosts } from '../system/post/post.resource';
import { assertMayHandOut, demandGrantableRoles, requireRoles } from '../system/role/role.rules';
import { findRolesByIds } from '../system/role/role.repository';
import { toUserVO } from './user.vo';

/**
 * The rules of user writes and the user answer, shared by the user administration calls and the external user
 * resource (external-user.resource.ts).
 */

/** Names for the ids a page of users mentions, in one query per kind. */
export async function userVOs(trx: Db, tenantId: string, users: UserRow[]) {
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
export async function assertMayManage(trx: Db, auth: AuthUser, users: UserRow[]): Promise<void> {
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
export async function assertMaySetRoles(
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
export async function checkReferences(trx: Db, auth: AuthUser, deptIds: string[], postIds: string[]) {
  if ((await findDeptsByIds(trx, auth.tenantId, deptIds)).length !== deptIds.length)
    throw new NotFoundError();
  if ((await findPosts(trx, auth.tenantId, postIds)).length !== postIds.length) throw new NotFoundError();
}
