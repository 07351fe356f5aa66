import { OSS_ENABLED, OSS_SPOKEN_CATEGORIES } from '../../../lib/contracts/system/oss';
import { KeyedError } from '../../core/errors';
import { withTenant, type Db } from '../../db/tenant';

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
 * An enabled row of a category the files module does not speak (saved before those were refused) is refused here
 * with a 400 that says so, never replaced by another store. The result holds the secret key: keep it server-side.
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
  if (!OSS_SPOKEN_CATEGORIES.includes(row.category)) throw new KeyedError('system.oss.enabledUnsupported');
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
