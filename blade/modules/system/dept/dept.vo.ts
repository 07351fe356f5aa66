import type { DeptRow } from '../../../db/schema';

/** DeptVO (contract §7.4) of a dept row: the answer of the dept calls and the user's dept switch. */
export function toDeptVO(row: DeptRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    parentId: row.parent_id,
    ancestors: row.ancestors,
    deptCategory: row.dept_category,
    deptName: row.dept_name,
    fullName: row.full_name,
    sort: row.sort,
    remark: row.remark,
    isDeleted: row.is_deleted,
  };
}
