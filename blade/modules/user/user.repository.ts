import type { Db } from '../../db/tenant';
import type { UserRow } from '../../db/schema';

/** The tenant's live user whose `account` or `id` is this value. */
async function findLiveUser(
  db: Db,
  tenantId: string,
  column: 'account' | 'id',
  value: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(column, '=', value)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export function findUserByAccount(db: Db, tenantId: string, account: string): Promise<UserRow | undefined> {
  return findLiveUser(db, tenantId, 'account', account);
}

export function findUserById(db: Db, tenantId: string, userId: string): Promise<UserRow | undefined> {
  return findLiveUser(db, tenantId, 'id', userId);
}

export async function updatePasswordHash(
  db: Db,
  tenantId: string,
  userId: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ password: hash })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}
