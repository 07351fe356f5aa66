import type { Db } from '../../../db/tenant';
import type { RoleRow } from '../../../db/schema';

export async function findRolesByIds(db: Db, tenantId: string, ids: string[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_role')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function listRoles(db: Db, tenantId: string): Promise<RoleRow[]> {
  return db
    .selectFrom('blade_role')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
