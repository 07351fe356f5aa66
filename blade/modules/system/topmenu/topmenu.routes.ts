import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { ForbiddenError, NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { contains, fetchPage, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { clearPermissionCaches, demand, permit } from '../../../core/permission';
import { createdBy, idArraySchema, idsParam, updatedBy } from '../../../core/permission-input';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import { withTenant, type Db } from '../../../db/tenant';
import { isPlatformAdmin } from '../../auth/roles';
import { findGrantedMenuIds } from '../menu/menu.repository';
import { toTopMenuVO } from '../menu/menu.vo';
import { intSchema } from '../param/admin-input';

const TOPMENU_SORTABLE = ['id', 'sort', 'code', 'name', 'create_time'] as const;
const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({ code: text(255), name: text(255) });
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  code: text(255),
  name: text(255),
  source: text(255),
  path: text(255),
  sort: blank(intSchema),
});
const grantBody = z.object({ topMenuIds: idArraySchema, menuIds: idArraySchema });

async function findTopMenus(trx: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('blade_top_menu')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Top menus (contract §7.12), per tenant, and which menus each one shows. */
export function topMenuRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const read = permit(deps, { codes: ['topmenu'] });

  // GET /blade-system/topmenu/list — page sorted by sort; filters code/name (contains).
  router.get('/topmenu/list', read, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(TOPMENU_SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let base = trx
        .selectFrom('blade_top_menu')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (query.code) base = base.where('code', 'ilike', contains(query.code));
      if (query.name) base = base.where('name', 'ilike', contains(query.name));
      const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders, [
        { column: 'sort', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ]);
      return toPage(rows.map(toTopMenuVO), total, page);
    });
    return c.json(ok(result));
  });

  // GET /blade-system/topmenu/detail?id
  router.get('/topmenu/detail', read, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const [row] = await withTenant(deps.db, auth.tenantId, (trx) => findTopMenus(trx, auth.tenantId, [id]));
    if (!row) throw new NotFoundError();
    return c.json(ok(toTopMenuVO(row)));
  });

  // POST /blade-system/topmenu/submit — add (topmenu_add) or edit (topmenu_edit).
  router.post('/topmenu/submit', permit(deps, { codes: ['topmenu_add', 'topmenu_edit'] }), async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    await demand(deps, auth, { codes: [body.id ? 'topmenu_edit' : 'topmenu_add'] });
    const code = body.code?.trim();
    const name = body.name?.trim();
    if (!code) throw new ServiceError('请输入顶部菜单编号');
    if (!name) throw new ServiceError('请输入顶部菜单名称');
    const values = { code, name, source: body.source ?? '', path: body.path ?? '', sort: body.sort ?? 0 };
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (body.id) {
        if ((await findTopMenus(trx, auth.tenantId, [body.id])).length === 0) throw new NotFoundError();
        await trx
          .updateTable('blade_top_menu')
          .set({ ...values, ...updatedBy(auth) })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_top_menu')
          .values({ id: nextId(), tenant_id: auth.tenantId, ...values, ...createdBy(auth) })
          .execute();
      }
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/topmenu/remove?ids — soft delete with the top menus' menu sets.
  router.post('/topmenu/remove', permit(deps, { codes: ['topmenu_delete'] }), async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await findTopMenus(trx, auth.tenantId, ids)).length !== ids.length) throw new NotFoundError();
      await trx
        .updateTable('blade_top_menu')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('blade_top_menu_setting')
        .where('tenant_id', '=', auth.tenantId)
        .where('top_menu_id', 'in', ids)
        .execute();
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/topmenu/grant — JSON { topMenuIds, menuIds }: replaces each top menu's menu set. Menus must be
  // ones the caller's roles hold (the platform administrator: any live menu).
  router.post('/topmenu/grant', permit(deps, { codes: ['topmenu_setting'] }), async (c) => {
    const body = await parseJson(c, grantBody);
    if (body.topMenuIds.length === 0) throw new ServiceError('请选择顶部菜单');
    if (body.menuIds.length === 0) throw new ServiceError('请选择菜单');
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await findTopMenus(trx, auth.tenantId, body.topMenuIds)).length !== body.topMenuIds.length)
        throw new NotFoundError();
      const live = await trx
        .selectFrom('blade_menu')
        .select('id')
        .where('id', 'in', body.menuIds)
        .where('is_deleted', '=', 0)
        .execute();
      if (live.length !== body.menuIds.length) throw new NotFoundError();
      if (!isPlatformAdmin(auth)) {
        const held = await findGrantedMenuIds(trx, auth.tenantId, auth.roleIds);
        if (!body.menuIds.every((id) => held.has(id))) throw new ForbiddenError();
      }
      await trx
        .deleteFrom('blade_top_menu_setting')
        .where('tenant_id', '=', auth.tenantId)
        .where('top_menu_id', 'in', body.topMenuIds)
        .execute();
      await trx
        .insertInto('blade_top_menu_setting')
        .values(
          body.topMenuIds.flatMap((top) =>
            body.menuIds.map((menu) => ({
              id: nextId(),
              tenant_id: auth.tenantId,
              top_menu_id: top,
              menu_id: menu,
            })),
          ),
        )
        .execute();
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  return router;
}
