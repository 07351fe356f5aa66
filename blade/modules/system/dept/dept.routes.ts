import type { Deps } from '../../../core/context';
import { splitIds } from '../../../core/tree';
import { userSelectRoute } from '../user-select.route';
import { findDeptsByIds } from './dept.repository';
import { toDeptVO } from './dept.vo';

// GET /blade-system/dept/select?userId — the depts of a user (the dept/role switch dialog).
export const deptRoutes = (deps: Deps) =>
  userSelectRoute(
    deps,
    '/dept/select',
    (trx, tenantId, user) => findDeptsByIds(trx, tenantId, splitIds(user.dept_id)),
    toDeptVO,
  );
