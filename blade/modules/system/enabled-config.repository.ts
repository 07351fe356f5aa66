import type { Selectable } from 'kysely';
import { MAIL_DISABLED, MAIL_ENABLED } from '../../../lib/contracts/system/mail';
import { OSS_DISABLED, OSS_ENABLED } from '../../../lib/contracts/system/oss';
import { SMS_DISABLED, SMS_ENABLED } from '../../../lib/contracts/system/sms';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/tenant';

/**
 * Tenant configurations of which one row at most is enabled, held by a unique index: the SMS senders and the object
 * storages and the mail servers. Their enable action and their removal follow the same rules, written once here.
 */
type EnabledConfigTable = 'blade_sms' | 'blade_oss' | 'blade_mail';

const STATUS: Record<EnabledConfigTable, { enabled: number; disabled: number }> = {
  blade_sms: { enabled: SMS_ENABLED, disabled: SMS_DISABLED },
  blade_oss: { enabled: OSS_ENABLED, disabled: OSS_DISABLED },
  blade_mail: { enabled: MAIL_ENABLED, disabled: MAIL_DISABLED },
};

/** The tenant's live configuration with this id. */
export async function findLiveConfig<T extends EnabledConfigTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as EnabledConfigTable)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  // T names one of the two tables; Kysely types a union table's row as the union's common columns.
  return row as Selectable<Database[T]> | undefined;
}

/** Makes id the tenant's one enabled configuration; the previous one is switched off first (the unique index). */
export async function enableConfig(
  db: Db,
  table: EnabledConfigTable,
  tenantId: string,
  id: string,
  userId: string,
): Promise<void> {
  const { enabled, disabled } = STATUS[table];
  await db
    .updateTable(table)
    .set({ status: disabled, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', enabled)
    .where('id', '<>', id)
    .execute();
  await db
    .updateTable(table)
    .set({ status: enabled, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Removed configurations stop being the enabled one. */
export async function disableConfigs(db: Db, table: EnabledConfigTable, ids: string[]): Promise<void> {
  await db.updateTable(table).set({ status: STATUS[table].disabled }).where('id', 'in', ids).execute();
}
