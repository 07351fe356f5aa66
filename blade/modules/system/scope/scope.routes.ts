import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { contains, fetchPage, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { clearPermissionCaches, normaliseScopePath, permit } from '../../../core/permission';
import { createdBy, idsParam, updatedBy } from '../../../core/permission-input';
import { blank, idSchema, parseJson, parseQuery, queryInt } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { ScopeApiTable, ScopeDataTable } from '../../../db/schema';
import { intSchema } from '../../../core/validation';
import type { Selectable } from 'kysely';

const DATA_SCOPE_TYPES: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};
const API_SCOPE_TYPES: Record<number, string> = { 1: '系统接口', 2: '业务接口' };
const SORTABLE = ['id', 'scope_name', 'resource_code', 'scope_type', 'create_time', 'update_time'] as const;

export function toDataScopeVO(row: Selectable<ScopeDataTable>) {
  return {
    ...auditFields(row),
    menuId: row.menu_id,
    resourceCode: row.resource_code,
    scopeName: row.scope_name,
    scopeField: row.scope_field,
    scopeClass: row.scope_class,
    scopeColumn: row.scope_column,
    scopeType: row.scope_type,
    scopeTypeName: DATA_SCOPE_TYPES[row.scope_type] ?? '',
    scopeValue: row.scope_value,
    remark: row.remark,
  };
}

export function toApiScopeVO(row: Selectable<ScopeApiTable>) {
  return {
    ...auditFields(row),
    menuId: row.menu_id,
    resourceCode: row.resource_code,
    scopeName: row.scope_name,
    scopePath: row.scope_path,
    scopeType: row.scope_type,
    scopeTypeName: API_SCOPE_TYPES[row.scope_type] ?? '',
    remark: row.remark,
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({
  menuId: blank(idSchema),
  scopeName: text(255),
  resourceCode: text(255),
  scopeType: queryInt,
});
const detailQuery = z.object({ id: idSchema });
const common = {
  id: blank(idSchema),
  menuId: blank(idSchema),
  resourceCode: text(255),
  scopeName: text(255),
  scopeType: blank(intSchema),
  remark: text(255),
};
const dataBody = z.object({
  ...common,
  scopeField: text(255),
  scopeClass: text(500),
  scopeColumn: text(255),
  scopeValue: text(2000),
});
const apiBody = z.object({ ...common, scopePath: text(255) });

/**
 * Data scopes and API scopes (contract §7.10). Both tables are global configuration: reading them needs the page's
 * menu code, writing them is the platform administrator's. A tenant administrator grants the scopes it holds.
 */
export function scopeRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platform = permit(deps, { role: 'platform' });

  for (const kind of ['data', 'api'] as const) {
    const table = kind === 'data' ? 'blade_scope_data' : 'blade_scope_api';
    const prefix = kind === 'data' ? '/data-scope' : '/api-scope';
    const read = permit(deps, { codes: [kind === 'data' ? 'datascope' : 'apiscope'] });
    const toVO = (row: unknown) =>
      kind === 'data'
        ? toDataScopeVO(row as Selectable<ScopeDataTable>)
        : toApiScopeVO(row as Selectable<ScopeApiTable>);

    // GET /blade-system/{data,api}-scope/list?menuId&scopeName&resourceCode&scopeType — page.
    router.get(`${prefix}/list`, read, async (c) => {
      const query = parseQuery(c, listQuery);
      const page = pageRequest(query);
      const orders = sortOrders(SORTABLE, query);
      let base = deps.db.selectFrom(table).where('is_deleted', '=', 0);
      if (query.menuId) base = base.where('menu_id', '=', query.menuId);
      if (query.scopeName) base = base.where('scope_name', 'ilike', contains(query.scopeName));
      if (query.resourceCode) base = base.where('resource_code', 'ilike', contains(query.resourceCode));
      if (query.scopeType !== null && query.scopeType !== undefined)
        base = base.where('scope_type', '=', query.scopeType);
      const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders);
      return c.json(ok(toPage(rows.map(toVO), total, page)));
    });

    // GET /blade-system/{data,api}-scope/detail?id
    router.get(`${prefix}/detail`, read, async (c) => {
      const { id } = parseQuery(c, detailQuery);
      const row = await deps.db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      return c.json(ok(toVO(row)));
    });

    // POST /blade-system/{data,api}-scope/remove?ids — soft delete; grants of removed scopes stop counting.
    router.post(`${prefix}/remove`, platform, async (c) => {
      const ids = await idsParam(c);
      const auth = c.get('auth');
      await deps.db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom(table)
          .select('id')
          .where('id', 'in', ids)
          .where('is_deleted', '=', 0)
          .execute();
        if (found.length !== ids.length) throw new NotFoundError();
        await trx
          .updateTable(table)
          .set({ is_deleted: 1, ...updatedBy(auth) })
          .where('id', 'in', ids)
          .execute();
      });
      clearPermissionCaches(deps);
      return c.json(success());
    });
  }

  async function checkCommon(body: {
    menuId?: string | null;
    resourceCode?: string | null;
    scopeName?: string | null;
  }) {
    if (!body.menuId) throw new ServiceError('请选择菜单');
    const menu = await deps.db
      .selectFrom('blade_menu')
      .select('id')
      .where('id', '=', body.menuId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!menu) throw new ServiceError('菜单不存在');
    if (!body.resourceCode?.trim()) throw new ServiceError('请输入资源编号');
    if (!body.scopeName?.trim()) throw new ServiceError('请输入权限名称');
    return {
      menu_id: body.menuId,
      resource_code: body.resourceCode.trim(),
      scope_name: body.scopeName.trim(),
    };
  }

  async function exists(table: 'blade_scope_data' | 'blade_scope_api', id: string) {
    const row = await deps.db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
  }

  // POST /blade-system/data-scope/submit — scopeType 1 all, 2 own, 3 own dept, 4 own dept and below, 5 the depts
  // listed in scopeValue (comma-joined ids). resourceCode names the list it restricts (e.g. `user`, `dept`).
  router.post('/data-scope/submit', platform, async (c) => {
    const body = await parseJson(c, dataBody);
    const auth = c.get('auth');
    const values = {
      ...(await checkCommon(body)),
      scope_type: body.scopeType ?? 1,
      scope_field: body.scopeField ?? '',
      scope_class: body.scopeClass ?? '',
      scope_column: body.scopeColumn ?? '',
      scope_value: body.scopeValue ?? '',
      remark: body.remark ?? '',
    };
    if (!(values.scope_type in DATA_SCOPE_TYPES)) throw new ServiceError('scopeType:不支持的权限类型');
    if (values.scope_type === 5 && !/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/.test(values.scope_value))
      throw new ServiceError('请输入自定义部门ID');
    if (body.id) {
      await exists('blade_scope_data', body.id);
      await deps.db
        .updateTable('blade_scope_data')
        .set({ ...values, ...updatedBy(auth) })
        .where('id', '=', body.id)
        .execute();
    } else {
      await deps.db
        .insertInto('blade_scope_data')
        .values({ id: nextId(), ...values, ...createdBy(auth) })
        .execute();
    }
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/api-scope/submit — scopePath is the call's path (`/blade-user/page`, `/api/…` accepted, a
  // trailing `/**` covers everything below); matching calls then need a role holding the scope.
  router.post('/api-scope/submit', platform, async (c) => {
    const body = await parseJson(c, apiBody);
    const auth = c.get('auth');
    const path = normaliseScopePath(body.scopePath ?? '');
    if (path === '/' || !/^\/[A-Za-z0-9/_.*-]+$/.test(path)) throw new ServiceError('请输入正确的接口地址');
    const values = {
      ...(await checkCommon(body)),
      scope_path: path,
      scope_type: body.scopeType ?? 1,
      remark: body.remark ?? '',
    };
    if (!(values.scope_type in API_SCOPE_TYPES)) throw new ServiceError('scopeType:不支持的接口类型');
    if (body.id) {
      await exists('blade_scope_api', body.id);
      await deps.db
        .updateTable('blade_scope_api')
        .set({ ...values, ...updatedBy(auth) })
        .where('id', '=', body.id)
        .execute();
    } else {
      await deps.db
        .insertInto('blade_scope_api')
        .values({ id: nextId(), ...values, ...createdBy(auth) })
        .execute();
    }
    clearPermissionCaches(deps);
    return c.json(success());
  });

  return router;
}
