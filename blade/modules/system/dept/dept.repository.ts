import type { AuthUser } from '../../../core/context';
import { resolveDataScope } from '../../../core/data-scope';
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

/** The tenant's live depts the caller may see (data scope `dept`: a restricted caller sees its scope's depts). */
export async function visibleDepts(trx: Db, auth: AuthUser): Promise<DeptRow[]> {
  const rows = await trx
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const scope = await resolveDataScope(trx, auth, 'dept');
  if (scope.all) return rows;
  const allowed = new Set(scope.depts);
  return rows.filter((d) => allowed.has(d.id));
}
