import type { Insertable, Selectable } from 'kysely';
import { SMS_DISABLED, SMS_ENABLED } from '../../../lib/contracts/system/sms';
import type { SmsLogTable, SmsTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

/** What the send call and the enable action read and write; the CRUD calls are the definition's (sms.resource.ts). */

export type SmsRow = Selectable<SmsTable>;

/** The tenant's configuration with this code, or its enabled one when no code is given. */
export async function findSmsForSending(db: Db, tenantId: string, code?: string | null) {
  let q = db
    .selectFrom('blade_sms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0);
  q = code ? q.where('sms_code', '=', code) : q.where('status', '=', SMS_ENABLED);
  return q.executeTakeFirst();
}

export async function findLiveSms(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('blade_sms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Makes id the tenant's one enabled configuration; the previous one is switched off first (a unique index). */
export async function enableSms(db: Db, tenantId: string, id: string, userId: string) {
  await db
    .updateTable('blade_sms')
    .set({ status: SMS_DISABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', SMS_ENABLED)
    .where('id', '<>', id)
    .execute();
  await db
    .updateTable('blade_sms')
    .set({ status: SMS_ENABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Removed configurations stop being the enabled one. */
export async function disableSms(db: Db, ids: string[]) {
  await db.updateTable('blade_sms').set({ status: SMS_DISABLED }).where('id', 'in', ids).execute();
}

export async function insertSmsLog(db: Db, row: Insertable<SmsLogTable>) {
  await db.insertInto('blade_sms_log').values(row).execute();
}
