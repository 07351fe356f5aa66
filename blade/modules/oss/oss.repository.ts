import type { Updateable } from 'kysely';
import { applySort, contains, type PageRequest, type SortOrder } from '../../core/page';
import type { OssTable } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';

/** status of the configuration in force for a tenant (at most one per tenant, a unique index says so). */
export const OSS_ENABLED = 2;
export const OSS_DISABLED = 1;

/** BladeX category numbers. 1 and 6 speak the S3 protocol; the others are listed so stored rows keep their meaning. */
export const OSS_CATEGORIES = {
  1: 'minio',
  2: 'qiniu',
  3: 'alioss',
  4: 'tencentcos',
  5: 'huaweiobs',
  6: 'amazons3',
} as const;

export const OSS_SORTABLE = ['id', 'oss_code', 'category', 'status', 'create_time', 'update_time'] as const;

export interface OssConfig {
  id: string;
  tenantId: string;
  category: number;
  ossCode: string;
  endpoint: string;
  transformEndpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  appId: string;
  region: string;
}

/**
 * The tenant's enabled object storage configuration, or undefined when it has none (callers then use their default
 * storage). For the files module. Accepts the database or a transaction already bound to the tenant by withTenant.
 * The result holds the secret key: keep it server-side.
 */
export async function getEnabledOss(db: Db, tenantId: string): Promise<OssConfig | undefined> {
  const read = (trx: Db) =>
    trx
      .selectFrom('blade_oss')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', OSS_ENABLED)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  const row = db.isTransaction ? await read(db) : await withTenant(db, tenantId, read);
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    category: row.category,
    ossCode: row.oss_code,
    endpoint: row.endpoint,
    transformEndpoint: row.transform_endpoint,
    accessKey: row.access_key,
    secretKey: row.secret_key,
    bucketName: row.bucket_name,
    appId: row.app_id,
    region: row.region,
  };
}

export interface OssFilter {
  ossCode?: string | null;
  category?: number | null;
  status?: number | null;
}

const live = (db: Db, tenantId: string) =>
  db.selectFrom('blade_oss').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function pageOss(
  db: Db,
  tenantId: string,
  filter: OssFilter,
  page: PageRequest,
  orders: SortOrder[],
) {
  let base = live(db, tenantId);
  if (filter.ossCode) base = base.where('oss_code', 'ilike', contains(filter.ossCode));
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

export async function findOss(db: Db, tenantId: string, id: string) {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function ossCodeTaken(db: Db, tenantId: string, code: string, exceptId?: string) {
  let q = live(db, tenantId).select('id').where('oss_code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export type OssValues = Omit<Updateable<OssTable>, 'id' | 'tenant_id' | 'is_deleted' | 'status'>;

export async function insertOss(
  db: Db,
  tenantId: string,
  id: string,
  values: OssValues & { oss_code: string },
) {
  await db
    .insertInto('blade_oss')
    .values({ ...values, id, tenant_id: tenantId, status: OSS_DISABLED })
    .execute();
}

export async function updateOss(db: Db, tenantId: string, id: string, values: OssValues) {
  await db
    .updateTable('blade_oss')
    .set({ ...values, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Makes id the tenant's one enabled configuration (the previous one is switched off first: unique index). */
export async function enableOss(db: Db, tenantId: string, id: string, userId: string) {
  await db
    .updateTable('blade_oss')
    .set({ status: OSS_DISABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', OSS_ENABLED)
    .where('id', '<>', id)
    .execute();
  await db
    .updateTable('blade_oss')
    .set({ status: OSS_ENABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function countOss(db: Db, tenantId: string, ids: string[]) {
  const row = await live(db, tenantId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Soft delete; a removed row also stops being the enabled one. */
export async function softDeleteOss(db: Db, tenantId: string, ids: string[], userId: string) {
  await db
    .updateTable('blade_oss')
    .set({ is_deleted: 1, status: OSS_DISABLED, update_user: userId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}
