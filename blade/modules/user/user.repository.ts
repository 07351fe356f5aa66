import type { Db } from '../../db/tenant';
import type { UserRow } from '../../db/schema';

export async function findUserByAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findUserById(db: Db, tenantId: string, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
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
