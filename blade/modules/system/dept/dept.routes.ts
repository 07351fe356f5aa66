import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { splitIds } from '../../../core/tree';
import { blank, idSchema, parseQuery } from '../../../core/validation';
import type { DeptRow } from '../../../db/schema';
import { withTenant } from '../../../db/tenant';
import { visibleUser } from '../../user/user-access';
import { deptAdminRoutes } from './dept-admin.routes';
import { findDeptsByIds } from './dept.repository';

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

const selectQuery = z.object({ userId: blank(idSchema) });

export function deptRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/dept/select?userId — the depts of a user (the dept/role switch dialog).
  router.get('/dept/select', async (c) => {
    const auth = c.get('auth');
    const { userId } = parseQuery(c, selectQuery);
    const depts = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await visibleUser(trx, auth, userId);
      return findDeptsByIds(trx, auth.tenantId, splitIds(user.dept_id));
    });
    return c.json(ok(depts.map(toDeptVO)));
  });

  router.route('/', deptAdminRoutes(deps));
  return router;
}
