import type { Updateable } from 'kysely';
import type { PageRequest, SortOrder } from '../../core/page';
import type { OssTable } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { CONFIG_DISABLED, CONFIG_ENABLED, enabledConfigs } from '../system/enabled-config';

/** status of the configuration in force for a tenant (at most one per tenant, a unique index says so). */
export const OSS_ENABLED = CONFIG_ENABLED;
export const OSS_DISABLED = CONFIG_DISABLED;

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

const configs = enabledConfigs('blade_oss', 'oss_code');

export type OssValues = Omit<Updateable<OssTable>, 'id' | 'tenant_id' | 'is_deleted' | 'status'>;

export const pageOss = (
  db: Db,
  tenantId: string,
  filter: OssFilter,
  page: PageRequest,
  orders: SortOrder[],
) => configs.page(db, tenantId, { ...filter, code: filter.ossCode }, page, orders);
export const findOss = configs.find;
export const ossCodeTaken = configs.codeTaken;
export const insertOss = (db: Db, tenantId: string, id: string, values: OssValues & { oss_code: string }) =>
  configs.insert(db, tenantId, id, values);
export const updateOss = configs.update;
/** Makes id the tenant's one enabled configuration. */
export const enableOss = configs.enable;
export const countOss = configs.count;
/** Soft delete; a removed row also stops being the enabled one. */
export const softDeleteOss = configs.softDelete;
