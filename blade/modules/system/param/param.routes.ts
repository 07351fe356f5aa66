import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { ParamRow } from '../../../db/schema';
import { permit } from '../../../core/permission';
import { parseIds, requireText } from './admin-input';
import {
  countParams,
  findParam,
  insertParam,
  pageParams,
  PARAM_SORTABLE,
  paramKeyTaken,
  softDeleteParams,
  updateParam,
} from './param.repository';

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

const detailQuery = z.object({ id: idSchema });

const submitBody = z.object({
  id: blank(idSchema),
  paramName: blank(z.string().max(255, '长度不能超过255')),
  paramKey: blank(z.string().max(255, '长度不能超过255')),
  paramValue: blank(z.string().max(2000, '长度不能超过2000')),
  remark: blank(z.string().max(255, '长度不能超过255')),
});

// blade_param is platform-wide (no tenant column), so every parameter call is the platform administrator's: a
// tenant's `admin` must not change settings that apply to all tenants (contract §10 #8, SpringBlade #41).
export function paramRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platformOnly = permit(deps, { role: 'platform' });

  // GET /blade-system/param/list — platform administrator; page of parameters, filters paramName/paramKey (LIKE).
  router.get('/param/list', platformOnly, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const { rows, total } = await pageParams(deps.db, query, page, sortOrders(PARAM_SORTABLE, query));
    return c.json(ok(toPage(rows.map(toParamVO), total, page)));
  });

  // GET /blade-system/param/detail?id — one parameter.
  router.get('/param/detail', platformOnly, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const row = await findParam(deps.db, id);
    if (!row) throw new NotFoundError();
    return c.json(ok(toParamVO(row)));
  });

  // POST /blade-system/param/submit — add (no id) or edit; the spec's on-blur texts are the 400 messages.
  router.post('/param/submit', platformOnly, async (c) => {
    const body = await parseJson(c, submitBody);
    const values = {
      param_name: requireText(body.paramName, '请输入参数名称'),
      param_key: requireText(body.paramKey, '请输入参数键名'),
      param_value: requireText(body.paramValue, '请输入参数键值'),
      remark: body.remark ?? '',
    };
    const auth = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      if (body.id && !(await findParam(trx, body.id))) throw new NotFoundError();
      if (await paramKeyTaken(trx, values.param_key, body.id ?? undefined))
        throw new ServiceError('当前参数键名已存在!');
      if (body.id) await updateParam(trx, body.id, values, auth.userId);
      else await insertParam(trx, nextId(), values, auth.userId, auth.deptIds[0] ?? null);
    });
    return c.json(success());
  });

  // POST /blade-system/param/remove?ids — soft delete; unknown ids are a 404 and nothing is removed.
  router.post('/param/remove', platformOnly, async (c) => {
    const ids = [...new Set(await parseIds(c))];
    const userId = c.get('auth').userId;
    await deps.db.transaction().execute(async (trx) => {
      if ((await countParams(trx, ids)) !== ids.length) throw new NotFoundError();
      await softDeleteParams(trx, ids, userId);
    });
    return c.json(success());
  });

  return router;
}
