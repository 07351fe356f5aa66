import type { Insertable, Selectable, Updateable } from 'kysely';
import { applySort, contains, type PageRequest, type SortOrder } from '../../core/page';
import type { SmsLogTable, SmsTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

/** status of the configuration in force for a tenant (at most one per tenant, a unique index says so). */
export const SMS_ENABLED = 2;
export const SMS_DISABLED = 1;

/** BladeX category numbers. Which ones have a real sender is decided in sms.providers.ts. */
export const SMS_CATEGORIES = {
  1: 'yunpian',
  2: 'qiniu',
  3: 'aliyun',
  4: 'tencent',
} as const;

export const SMS_SORTABLE = ['id', 'sms_code', 'category', 'status', 'create_time', 'update_time'] as const;

export type SmsRow = Selectable<SmsTable>;

const live = (db: Db, tenantId: string) =>
  db.selectFrom('blade_sms').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

/** The tenant's configuration with this code, or its enabled one when no code is given. */
export async function findSmsForSending(db: Db, tenantId: string, code: string | null | undefined) {
  let q = live(db, tenantId).selectAll();
  q = code ? q.where('sms_code', '=', code) : q.where('status', '=', SMS_ENABLED);
  return q.executeTakeFirst();
}

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

export async function pageSms(
  db: Db,
  tenantId: string,
  filter: SmsFilter,
  page: PageRequest,
  orders: SortOrder[],
) {
  let base = live(db, tenantId);
  if (filter.smsCode) base = base.where('sms_code', 'ilike', contains(filter.smsCode));
  if (filter.category) base = base.where('category', '=', filter.category);
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    applySort(base.selectAll(), orders.length ? orders : [{ column: 'id', direction: 'asc' }])
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findSms(db: Db, tenantId: string, id: string) {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function smsCodeTaken(db: Db, tenantId: string, code: string, exceptId?: string) {
  let q = live(db, tenantId).select('id').where('sms_code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export type SmsValues = Omit<Updateable<SmsTable>, 'id' | 'tenant_id' | 'is_deleted' | 'status'>;

export async function insertSms(
  db: Db,
  tenantId: string,
  id: string,
  values: SmsValues & { sms_code: string },
) {
  await db
    .insertInto('blade_sms')
    .values({ ...values, id, tenant_id: tenantId, status: SMS_DISABLED })
    .execute();
}

export async function updateSms(db: Db, tenantId: string, id: string, values: SmsValues) {
  await db
    .updateTable('blade_sms')
    .set({ ...values, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Makes id the tenant's one enabled configuration (the previous one is switched off first: unique index). */
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
    .where('is_deleted', '=', 0)
    .execute();
}

export async function countSms(db: Db, tenantId: string, ids: string[]) {
  const row = await live(db, tenantId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Soft delete; a removed row also stops being the enabled one. */
export async function softDeleteSms(db: Db, tenantId: string, ids: string[], userId: string) {
  await db
    .updateTable('blade_sms')
    .set({ is_deleted: 1, status: SMS_DISABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}
