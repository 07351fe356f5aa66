import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { blank, parseQuery } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { ParamRow } from '../../../db/schema';
import { requirePlatformAdmin } from '../../auth/roles';
import { pageParams, PARAM_SORTABLE } from './param.repository';

export function toParamVO(row: ParamRow) {
  return {
    ...auditFields(row),
    paramName: row.param_name,
    paramKey: row.param_key,
    paramValue: row.param_value,
    remark: row.remark,
  };
}

const listQuery = pageQuerySchema.extend({
  paramName: blank(z.string().max(255, '长度不能超过255')),
  paramKey: blank(z.string().max(255, '长度不能超过255')),
});

export function paramRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/param/list — platform administrator; page of parameters, filters paramName/paramKey (LIKE).
  router.get('/param/list', requirePlatformAdmin, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const { rows, total } = await pageParams(deps.db, query, page, sortOrders(PARAM_SORTABLE, query));
    return c.json(ok(toPage(rows.map(toParamVO), total, page)));
  });

  return router;
}
