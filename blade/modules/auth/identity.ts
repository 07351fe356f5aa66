import type { RoleRow, TenantRow, UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { splitIds } from '../../core/tree';
import { findRolesByIds } from '../system/role/role.repository';

/** The user as a token describes them: the roles and depts in force (all of them, or the one picked at login). */
export interface Identity {
  user: UserRow;
  tenant: TenantRow;
  roles: RoleRow[];
  deptIds: string[];
  postIds: string[];
}

export interface Selection {
  deptId?: string | null;
  roleId?: string | null;
}

export type SelectionProblem = 'dept' | 'role' | 'no_role';

/** Resolves the user's roles/depts, narrowed to the selection; a selection outside the user's own is a problem. */
export async function resolveIdentity(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  selection: Selection,
): Promise<Identity | SelectionProblem> {
  const allDepts = splitIds(user.dept_id);
  const allRoles = splitIds(user.role_id);
  if (selection.deptId && !allDepts.includes(selection.deptId)) return 'dept';
  if (selection.roleId && !allRoles.includes(selection.roleId)) return 'role';
  const roles = await findRolesByIds(db, tenant.tenant_id, selection.roleId ? [selection.roleId] : allRoles);
  if (roles.length === 0) return 'no_role';
  return {
    user,
    tenant,
    roles,
    deptIds: selection.deptId ? [selection.deptId] : allDepts,
    postIds: splitIds(user.post_id),
  };
}

export function identityFields(identity: Identity) {
  const { user, roles } = identity;
  return {
    tenant_id: user.tenant_id,
    user_id: user.id,
    dept_id: identity.deptIds.join(','),
    post_id: identity.postIds.join(','),
    role_id: roles.map((r) => r.id).join(','),
    role_name: roles.map((r) => r.role_alias).join(','),
    account: user.account,
    user_name: user.account,
    nick_name: user.name,
    real_name: user.real_name,
    avatar: user.avatar,
    oauth_id: '',
    detail: { type: 'web' },
    license: 'powered by bladex',
  };
}
