import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { splitIds } from '../../../core/tree';
import { blank, idSchema, parseQuery } from '../../../core/validation';
import { withTenant } from '../../../db/tenant';
import { visibleUser } from '../../user/user-access';
import { findDeptsByIds } from './dept.repository';
import { toDeptVO } from './dept.vo';

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

  return router;
}
