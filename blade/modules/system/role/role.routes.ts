import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { splitIds } from '../../../core/tree';
import { blank, idSchema, parseQuery } from '../../../core/validation';
import { withTenant } from '../../../db/tenant';
import { visibleUser } from '../../user/user-access';
import { findRolesByIds } from './role.repository';
import { toRoleVO } from './role.vo';

const selectQuery = z.object({ userId: blank(idSchema) });

export function roleRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/role/select?userId — the roles of a user (the dept/role switch dialog).
  router.get('/role/select', async (c) => {
    const auth = c.get('auth');
    const { userId } = parseQuery(c, selectQuery);
    const roles = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = await visibleUser(trx, auth, userId);
      return findRolesByIds(trx, auth.tenantId, splitIds(user.role_id));
    });
    return c.json(ok(roles.map(toRoleVO)));
  });

  return router;
}
