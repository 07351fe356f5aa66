import type { AuthUser } from '../../core/context';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { isTenantAdmin } from '../auth/roles';
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
