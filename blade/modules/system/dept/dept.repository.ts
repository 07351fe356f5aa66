import type { AuthUser } from '../../../core/context';
import { resolveDataScope } from '../../../core/data-scope';
import { liveSortedRows } from '../../../db/live-rows';
import type { Db } from '../../../db/tenant';
import type { DeptRow } from '../../../db/schema';

export async function findDeptsByIds(db: Db, tenantId: string, ids: string[]): Promise<DeptRow[]> {
  return liveSortedRows(db, 'blade_dept', tenantId, ids);
}

/** The tenant's live depts the caller may see (data scope `dept`: a restricted caller sees its scope's depts). */
export async function visibleDepts(trx: Db, auth: AuthUser): Promise<DeptRow[]> {
  const rows = await liveSortedRows(trx, 'blade_dept', auth.tenantId);
  const scope = await resolveDataScope(trx, auth, 'dept');
  if (scope.all) return rows;
  const allowed = new Set(scope.depts);
  return rows.filter((d) => allowed.has(d.id));
}
