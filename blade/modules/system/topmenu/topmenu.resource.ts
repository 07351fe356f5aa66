import { Hono } from 'hono';
import { topMenuGrant } from '../../../../lib/contracts/system/topmenu.actions';
import { actionRouter } from '../../../core/action';
import type { BladeEnv, Deps } from '../../../core/context';
import { type CrudHooks } from '../../../core/crud';
import { KeyedError, ForbiddenError, NotFoundError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { clearPermissionCaches } from '../../../core/permission';
import { liveSortedRows } from '../../../db/live-rows';
import { isPlatformAdmin } from '../../../core/roles';
import { allMenusLive, findGrantedMenuIds } from '../menu/menu.repository';

/** What the top menu definition does not say: a removed top menu takes its menu set along; the navigation follows. */
export const topMenuHooks: CrudHooks = {
  present: (row) => ({ tenantId: row.tenant_id }),
  async afterRemove({ trx, auth }, ids) {
    await trx
      .deleteFrom('blade_top_menu_setting')
      .where('tenant_id', '=', auth.tenantId)
      .where('top_menu_id', 'in', ids)
      .execute();
  },
  afterCommit: clearPermissionCaches,
};

export function topMenuActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  // After the commit, as for the CRUD calls: the navigation is cached.
  router.use(topMenuGrant.call.path, async (c, next) => {
    await next();
    if (c.res.status === 200) clearPermissionCaches(deps);
  });
  serve(topMenuGrant, async ({ trx, auth, input: { topMenuIds, menuIds } }) => {
    if (topMenuIds.length === 0) throw new KeyedError('system.topmenu.topMenusRequired');
    if (menuIds.length === 0) throw new KeyedError('system.topmenu.menusRequired');
    const tops = await liveSortedRows(trx, 'blade_top_menu', auth.tenantId, topMenuIds);
    if (tops.length !== topMenuIds.length) throw new NotFoundError();
    if (!(await allMenusLive(trx, menuIds))) throw new NotFoundError();
    if (!isPlatformAdmin(auth)) {
      const held = await findGrantedMenuIds(trx, auth.tenantId, auth.roleIds);
      if (!menuIds.every((id) => held.has(id))) throw new ForbiddenError();
    }
    await trx
      .deleteFrom('blade_top_menu_setting')
      .where('tenant_id', '=', auth.tenantId)
      .where('top_menu_id', 'in', topMenuIds)
      .execute();
    await trx
      .insertInto('blade_top_menu_setting')
      .values(
        topMenuIds.flatMap((top) =>
          menuIds.map((menu) => ({
            id: nextId(),
            tenant_id: auth.tenantId,
            top_menu_id: top,
            menu_id: menu,
          })),
        ),
      )
      .execute();
  });
  return router;
}
