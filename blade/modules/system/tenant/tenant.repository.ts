import { NotFoundError } from '../../../core/errors';
import { contains } from '../../../core/page';
import type { Db } from '../../../db/tenant';
import type { TenantRow } from '../../../db/schema';

// blade_tenant is a platform table (no row-level security): it is read before any tenant is known.

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return db
    .selectFrom('blade_tenant')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** The live tenants of these row ids (id and tenant id); 404 when any of them is missing or removed. */
export async function liveTenantsByIds(
  db: Db,
  ids: string[],
): Promise<Pick<TenantRow, 'id' | 'tenant_id'>[]> {
  const rows = await db
    .selectFrom('blade_tenant')
    .select(['id', 'tenant_id'])
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
  if (rows.length !== ids.length) throw new NotFoundError();
  return rows;
}

export type TenantDomainRow = Pick<
  TenantRow,
  'tenant_id' | 'tenant_name' | 'domain' | 'background_url' | 'expire_time' | 'status'
>;

/** Live tenants whose domain mentions the host; the caller compares hosts exactly (the column may hold a URL). */
export async function findTenantsMentioningHost(db: Db, host: string): Promise<TenantDomainRow[]> {
  return db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'tenant_name', 'domain', 'background_url', 'expire_time', 'status'])
    .where('is_deleted', '=', 0)
    .where('domain', 'ilike', contains(host))
    .orderBy('id')
    .limit(50)
    .execute();
}

export function tenantExpired(tenant: Pick<TenantRow, 'expire_time'>, now = new Date()): boolean {
  return tenant.expire_time !== null && new Date(tenant.expire_time).getTime() <= now.getTime();
}
