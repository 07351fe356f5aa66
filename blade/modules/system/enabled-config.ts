import type { Insertable, Selectable, Updateable } from 'kysely';
import { contains, fetchPage, type PageRequest, type SortOrder } from '../../core/page';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/tenant';

/**
 * Tenant-owned configuration tables of which at most one row per tenant is in force (blade-resource oss and sms):
 * `status` 2 is the enabled row (a partial unique index says so), 1 the others. The same paging, lookups, enabling
 * and soft delete serve both.
 */
export const CONFIG_ENABLED = 2;
export const CONFIG_DISABLED = 1;

export type ConfigTable = 'blade_oss' | 'blade_sms';
type CodeColumn<T extends ConfigTable> = T extends 'blade_oss' ? 'oss_code' : 'sms_code';

export interface ConfigFilter {
  /** Contains, on the table's code column. */
  code?: string | null;
  category?: number | null;
  status?: number | null;
}

export function enabledConfigs<T extends ConfigTable>(table: T, codeColumn: CodeColumn<T>) {
  type Row = Selectable<Database[T]>;
  type Values = Omit<Updateable<Database[T]>, 'id' | 'tenant_id' | 'is_deleted' | 'status'>;
  // Kysely cannot type a query over "one of two tables". Both have every column used here, so the queries are
  // written against blade_oss and their rows typed back as T's.
  const tbl = table as 'blade_oss';
  const code = codeColumn as 'oss_code';
  const live = (db: Db, tenantId: string) =>
    db.selectFrom(tbl).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

  return {
    live,

    async page(db: Db, tenantId: string, filter: ConfigFilter, page: PageRequest, orders: SortOrder[]) {
      let base = live(db, tenantId);
      if (filter.code) base = base.where(code, 'ilike', contains(filter.code));
      if (filter.category) base = base.where('category', '=', filter.category);
      if (filter.status) base = base.where('status', '=', filter.status);
      return (await fetchPage(base, (qb) => qb.selectAll(), page, orders)) as { rows: Row[]; total: number };
    },

    async find(db: Db, tenantId: string, id: string): Promise<Row | undefined> {
      return (await live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst()) as
        Row | undefined;
    },

    /** The enabled row, or the row with this code when one is given. */
    async findEnabledOrByCode(db: Db, tenantId: string, byCode?: string | null): Promise<Row | undefined> {
      let q = live(db, tenantId).selectAll();
      q = byCode ? q.where(code, '=', byCode) : q.where('status', '=', CONFIG_ENABLED);
      return (await q.executeTakeFirst()) as Row | undefined;
    },

    async codeTaken(db: Db, tenantId: string, value: string, exceptId?: string): Promise<boolean> {
      let q = live(db, tenantId).select('id').where(code, '=', value);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },

    /** A new row starts disabled. */
    async insert(db: Db, tenantId: string, id: string, values: Values) {
      const row = { ...values, id, tenant_id: tenantId, status: CONFIG_DISABLED };
      await db
        .insertInto(tbl)
        .values(row as unknown as Insertable<Database['blade_oss']>)
        .execute();
    },

    async update(db: Db, tenantId: string, id: string, values: Values) {
      await db
        .updateTable(tbl)
        .set({ ...(values as Updateable<Database['blade_oss']>), update_time: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .execute();
    },

    /** Makes id the tenant's one enabled row; the previous one is switched off first (the unique index). */
    async enable(db: Db, tenantId: string, id: string, userId: string) {
      await db
        .updateTable(tbl)
        .set({ status: CONFIG_DISABLED, update_user: userId, update_time: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('status', '=', CONFIG_ENABLED)
        .where('id', '<>', id)
        .execute();
      await db
        .updateTable(tbl)
        .set({ status: CONFIG_ENABLED, update_user: userId, update_time: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .execute();
    },

    /** Live rows among ids (a remove naming an unknown id is refused). */
    async count(db: Db, tenantId: string, ids: string[]): Promise<number> {
      const row = await live(db, tenantId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Soft delete; a removed row also stops being the enabled one. */
    async softDelete(db: Db, tenantId: string, ids: string[], userId: string) {
      await db
        .updateTable(tbl)
        .set({ is_deleted: 1, status: CONFIG_DISABLED, update_user: userId, update_time: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .execute();
    },
  };
}
