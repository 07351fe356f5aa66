import type { Db } from '../../../db/tenant';
import type { DeptRow } from '../../../db/schema';

export async function findDeptsByIds(db: Db, tenantId: string, ids: string[]): Promise<DeptRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
