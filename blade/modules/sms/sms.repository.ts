import type { Insertable, Selectable } from 'kysely';
import { SMS_ENABLED } from '../../../lib/contracts/system/sms';
import type { SmsLogTable, SmsTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

/**
 * What the send call reads and writes; the CRUD calls are the definition's (sms.resource.ts), the enable action's
 * reads and writes are those of every one-enabled configuration (system/enabled-config.repository.ts).
 */

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

export async function insertSmsLog(db: Db, row: Insertable<SmsLogTable>) {
  await db.insertInto('blade_sms_log').values(row).execute();
}
