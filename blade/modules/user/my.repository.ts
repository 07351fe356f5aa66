import { createHash } from 'node:crypto';
import { nextId } from '../../core/ids';
import type { Db } from '../../db/tenant';

export interface ProfileChange {
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
  avatar?: string;
}

/** Self-service profile fields only; account, password, roles and depts never change here. */
export async function updateProfile(
  db: Db,
  tenantId: string,
  userId: string,
  change: ProfileChange,
): Promise<number> {
  const set = {
    ...(change.realName !== undefined ? { real_name: change.realName } : {}),
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.phone !== undefined ? { phone: change.phone } : {}),
    ...(change.email !== undefined ? { email: change.email } : {}),
    ...(change.avatar !== undefined ? { avatar: change.avatar } : {}),
  };
  if (Object.keys(set).length === 0) return 0;
  const result = await db
    .updateTable('blade_user')
    .set({ ...set, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const bindingKeyHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export async function createEmailBinding(
  db: Db,
  tenantId: string,
  userId: string,
  email: string,
  secret: string,
  ttlSeconds: number,
): Promise<void> {
  // A new link replaces the user's unused ones.
  await db
    .deleteFrom('blade_email_binding')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('blade_email_binding')
    .values({
      id: nextId(),
      tenant_id: tenantId,
      user_id: userId,
      email,
      key_hash: bindingKeyHash(secret),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
}

/** Uses a binding key once: sets the user's e-mail and returns it, or undefined when unknown, used or expired. */
export async function consumeEmailBinding(
  db: Db,
  tenantId: string,
  secret: string,
): Promise<{ userId: string; email: string } | undefined> {
  const row = await db
    .updateTable('blade_email_binding')
    .set({ used_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('key_hash', '=', bindingKeyHash(secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (!row) return undefined;
  const updated = await updateProfile(db, tenantId, row.user_id, { email: row.email });
  return updated ? { userId: row.user_id, email: row.email } : undefined;
}
