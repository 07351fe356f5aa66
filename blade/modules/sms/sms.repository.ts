import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PageRequest, SortOrder } from '../../core/page';
import type { SmsLogTable, SmsTable } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { CONFIG_DISABLED, CONFIG_ENABLED, enabledConfigs } from '../system/enabled-config';

/** status of the configuration in force for a tenant (at most one per tenant, a unique index says so). */
export const SMS_ENABLED = CONFIG_ENABLED;
export const SMS_DISABLED = CONFIG_DISABLED;

/** BladeX category numbers. Which ones have a real sender is decided in sms.providers.ts. */
export const SMS_CATEGORIES = {
  1: 'yunpian',
  2: 'qiniu',
  3: 'aliyun',
  4: 'tencent',
} as const;

export const SMS_SORTABLE = ['id', 'sms_code', 'category', 'status', 'create_time', 'update_time'] as const;

export type SmsRow = Selectable<SmsTable>;

const configs = enabledConfigs('blade_sms', 'sms_code');

/** The tenant's configuration with this code, or its enabled one when no code is given. */
export const findSmsForSending = configs.findEnabledOrByCode;

export async function insertSmsLog(db: Db, row: Insertable<SmsLogTable>) {
  await db.insertInto('blade_sms_log').values(row).execute();
}

export async function recentSmsLogs(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('blade_sms_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface SmsFilter {
  smsCode?: string | null;
  category?: number | null;
  status?: number | null;
}

export type SmsValues = Omit<Updateable<SmsTable>, 'id' | 'tenant_id' | 'is_deleted' | 'status'>;

export const pageSms = (
  db: Db,
  tenantId: string,
  filter: SmsFilter,
  page: PageRequest,
  orders: SortOrder[],
) => configs.page(db, tenantId, { ...filter, code: filter.smsCode }, page, orders);
export const findSms = configs.find;
export const smsCodeTaken = configs.codeTaken;
export const insertSms = (db: Db, tenantId: string, id: string, values: SmsValues & { sms_code: string }) =>
  configs.insert(db, tenantId, id, values);
export const updateSms = configs.update;
/** Makes id the tenant's one enabled configuration. */
export const enableSms = configs.enable;
export const countSms = configs.count;
/** Soft delete; a removed row also stops being the enabled one. */
export const softDeleteSms = configs.softDelete;
