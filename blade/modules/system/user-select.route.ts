import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { parseQuery } from '../../core/validation';
import { blank, idSchema } from '../../../lib/contracts/inputs';
import type { UserRow } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { visibleUser } from '../user/user-access';

const selectQuery = z.object({ userId: blank(idSchema) });

/**
 * GET `path?userId`: the rows a user belongs to (the dept/role switch dialog lists a user's depts and roles), as
 * their VOs. Without userId the caller's own; another user's only for a tenant administrator (visibleUser).
 */
export function userSelectRoute<Row, VO>(
  deps: Deps,
  path: string,
  rowsOf: (trx: Db, tenantId: string, user: UserRow) => Promise<Row[]>,
  toVO: (row: Row) => VO,
) {
  const router = new Hono<BladeEnv>();
  router.get(path, async (c) => {
    const auth = c.get('auth');
    const { userId } = parseQuery(c, selectQuery);
    const rows = await withTenant(deps.db, auth.tenantId, async (trx) =>
      rowsOf(trx, auth.tenantId, await visibleUser(trx, auth, userId)),
    );
    return c.json(ok(rows.map((row) => toVO(row))));
  });
  return router;
}
