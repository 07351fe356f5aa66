import type { AuthUser } from '../../core/context';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { splitIds } from '../../core/tree';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { isTenantAdmin } from '../../core/roles';
import { findUserById } from './user.repository';

/**
 * A user the caller may look at: themselves, or anyone of their own tenant when they are its administrator.
 * Another tenant's id is simply not found (404), never a hint that it exists.
 */
export async function visibleUser(
  db: Db,
  auth: AuthUser,
  userId: string | null | undefined,
): Promise<UserRow> {
  const target = userId ?? auth.userId;
  if (target !== auth.userId && !isTenantAdmin(auth)) throw new ForbiddenError();
  const user = await findUserById(db, auth.tenantId, target);
  if (!user) throw new NotFoundError();
  return user;
}

/**
 * Every role the caller holds: the session's and the rest of their account's (a role switch can pick any of them),
 * so "a role the caller holds" does not depend on which one the session runs under.
 */
export async function callerRoleIds(db: Db, auth: AuthUser): Promise<Set<string>> {
  const user = await findUserById(db, auth.tenantId, auth.userId);
  return new Set([...auth.roleIds, ...splitIds(user?.role_id ?? '')]);
}
