import type { AuthUser } from '../../../core/context';
import { ForbiddenError, NotFoundError, ServiceError } from '../../../core/errors';
import { demandGrantable, roleRights } from '../../../core/permission';
import { PRIVILEGED_ALIASES } from '../../../core/permission-input';
import type { RoleRow } from '../../../db/schema';
import type { Db } from '../../../db/tenant';
import { isPlatformAdmin, isTenantAdmin } from '../../../core/roles';
import { callerRoleIds } from '../../user/user-access';
import { findRolesByIds } from './role.repository';

/*
 * The rules of who may see, hand out and change roles: the role routes, the user forms and grants and the post roles
 * all apply them, so they live apart from any router.
 */

/** Roles the caller may see in trees: `admin` only for administrators, `administrator` only for the platform's. */
export function shownTo(auth: AuthUser, role: RoleRow): boolean {
  if (role.role_alias === 'administrator') return isPlatformAdmin(auth);
  if (role.role_alias === 'admin') return isTenantAdmin(auth);
  return true;
}

/** Roles of the caller's tenant by id; any id not found there is a 404 (another tenant's ids included). */
export async function requireRoles(trx: Db, auth: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const roles = await findRolesByIds(trx, auth.tenantId, ids);
  if (roles.length !== ids.length) throw new NotFoundError();
  return roles;
}

/** Only administrators may hand out, create or change roles whose alias confers administration. */
export function assertMayHandOut(auth: AuthUser, roles: RoleRow[]): void {
  if (isTenantAdmin(auth)) {
    if (roles.some((r) => r.role_alias === 'administrator') && !isPlatformAdmin(auth))
      throw new ForbiddenError();
    return;
  }
  if (roles.some((r) => PRIVILEGED_ALIASES.has(r.role_alias))) throw new ForbiddenError();
}

/**
 * Roles the caller gives to users (user grants, user and external user forms, post roles): the caller's tenant's
 * (404), administrator roles only from administrators, and nothing beyond the caller's own rights (403, SECURITY 25).
 */
export async function demandGrantableRoles(trx: Db, auth: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const roles = await requireRoles(trx, auth, ids);
  assertMayHandOut(auth, roles);
  await demandGrantable(trx, auth, [await roleRights(trx, auth.tenantId, ids)]);
  return roles;
}

/**
 * Nobody changes a role they hold (SECURITY 25): granting it more would widen their own rights by the back door —
 * and everyone else's holding it — and narrowing or renaming it changes their own standing. 400, as the neighbouring
 * refusals about the caller's own account and roles are. The platform administrator is exempt: it holds every right
 * whatever its role's grants, which decide only its navigation (a new menu is granted to its own role to show it).
 */
const HELD_ROLE = '不能修改当前登录用户的角色!';
export async function assertNotHeld(trx: Db, auth: AuthUser, ids: readonly string[]): Promise<void> {
  if (isPlatformAdmin(auth)) return;
  const held = await callerRoleIds(trx, auth);
  if (ids.some((id) => held.has(id))) throw new ServiceError(HELD_ROLE);
}
