import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { contains, fetchPage, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { permit } from '../../../core/permission';
import { createdBy, idArraySchema, idsParam, updatedBy } from '../../../core/permission-input';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { Db } from '../../../db/tenant';
import type { TenantPackageTable } from '../../../db/schema';
import type { Selectable } from 'kysely';

type PackageRow = Selectable<TenantPackageTable>;
const PACKAGE_SORTABLE = ['id', 'package_name', 'create_time', 'update_time'] as const;

export function toPackageVO(row: PackageRow) {
  return { ...auditFields(row), packageName: row.package_name, menuId: row.menu_id, remark: row.remark };
}

const listQuery = pageQuerySchema.extend({ packageName: blank(z.string().max(50, '长度不能超过50')) });
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  packageName: blank(z.string().max(50, '长度不能超过50')),
  menuId: blank(idArraySchema),
  remark: blank(z.string().max(255, '长度不能超过255')),
});

export async function findPackage(db: Db, id: string): Promise<PackageRow | undefined> {
  return db
    .selectFrom('blade_tenant_package')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Tenant packages (spec §2): platform administrator only; global table. */
export function tenantPackageRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platform = permit(deps, { role: 'platform' });

  // GET /blade-system/tenant-package/list?current&size&packageName — page (the screen asks for 100 rows).
  router.get('/tenant-package/list', platform, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(PACKAGE_SORTABLE, query);
    let base = deps.db.selectFrom('blade_tenant_package').where('is_deleted', '=', 0);
    if (query.packageName) base = base.where('package_name', 'ilike', contains(query.packageName));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders);
    return c.json(ok(toPage(rows.map(toPackageVO), total, page)));
  });

  // GET /blade-system/tenant-package/detail?id
  router.get('/tenant-package/detail', platform, async (c) => {
    const row = await findPackage(deps.db, parseQuery(c, detailQuery).id);
    if (!row) throw new NotFoundError();
    return c.json(ok(toPackageVO(row)));
  });

  // POST /blade-system/tenant-package/submit — JSON { id?, packageName, menuId: "1,2,3", remark }.
  router.post('/tenant-package/submit', platform, async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    const packageName = body.packageName?.trim();
    if (!packageName) throw new ServiceError('请输入产品包名称');
    const menuIds = body.menuId ?? [];
    if (menuIds.length === 0) throw new ServiceError('请选择菜单');
    await deps.db.transaction().execute(async (trx) => {
      const live = await trx
        .selectFrom('blade_menu')
        .select('id')
        .where('id', 'in', menuIds)
        .where('is_deleted', '=', 0)
        .execute();
      if (live.length !== menuIds.length) throw new ServiceError('菜单不存在');
      const values = { package_name: packageName, menu_id: menuIds.join(','), remark: body.remark ?? '' };
      if (body.id) {
        if (!(await findPackage(trx, body.id))) throw new NotFoundError();
        await trx
          .updateTable('blade_tenant_package')
          .set({ ...values, ...updatedBy(auth) })
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_tenant_package')
          .values({ id: nextId(), ...values, ...createdBy(auth) })
          .execute();
      }
    });
    return c.json(success());
  });

  // POST /blade-system/tenant-package/remove?ids
  router.post('/tenant-package/remove', platform, async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('blade_tenant_package')
        .select('id')
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .execute();
      if (found.length !== ids.length) throw new NotFoundError();
      await trx
        .updateTable('blade_tenant_package')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('id', 'in', ids)
        .execute();
    });
    return c.json(success());
  });

  return router;
}
