import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { buildTree } from '../../../core/tree';
import { parseQuery } from '../../../core/validation';
import { blank, idSchema } from '../../../../lib/contracts/inputs';
import { withTenant } from '../../../db/tenant';
import {
  findGrantedMenuIds,
  findTopMenuMenuIds,
  listLiveMenus,
  listTopMenus,
  MENU_CATEGORY,
} from './menu.repository';
import { toMenuVO, toTopMenuVO, withAncestors } from './menu.vo';

const routesQuery = z.object({ topMenuId: blank(idSchema) });

/** The menu trees depend only on the tenant, the token's role set and the top menu. */
function menuCacheKey(kind: string, auth: AuthUser, topMenuId?: string | null): string {
  return [kind, auth.tenantId, [...auth.roleIds].sort().join(','), topMenuId ?? ''].join('|');
}

async function cachedMenuBody(
  deps: Deps,
  key: string,
  build: () => Promise<unknown>,
): Promise<Uint8Array<ArrayBuffer>> {
  const hit = deps.caches.menuBodies.get(key);
  if (hit !== undefined) return hit;
  const body = new TextEncoder().encode(JSON.stringify(await build()));
  deps.caches.menuBodies.set(key, body);
  return body;
}

export function menuRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/menu/routes — sidebar tree: menus granted to the token's roles, ancestors included.
  router.get('/menu/routes', async (c) => {
    const auth = c.get('auth');
    const { topMenuId } = parseQuery(c, routesQuery);
    const body = await cachedMenuBody(deps, menuCacheKey('routes', auth, topMenuId), async () => {
      const menus = await withTenant(deps.db, auth.tenantId, async (trx) => {
        const granted = await findGrantedMenuIds(trx, auth.tenantId, auth.roleIds);
        if (topMenuId) {
          const inTopMenu = await findTopMenuMenuIds(trx, auth.tenantId, topMenuId);
          for (const id of granted) if (!inTopMenu.has(id)) granted.delete(id);
        }
        return withAncestors(await listLiveMenus(trx), granted, MENU_CATEGORY.menu);
      });
      return ok(buildTree(menus.map(toMenuVO)));
    });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  // GET /blade-system/menu/buttons — the roles' buttons under their menus; leaf codes are permission keys.
  router.get('/menu/buttons', async (c) => {
    const auth = c.get('auth');
    const body = await cachedMenuBody(deps, menuCacheKey('buttons', auth), async () => {
      const menus = await withTenant(deps.db, auth.tenantId, async (trx) =>
        withAncestors(
          await listLiveMenus(trx),
          await findGrantedMenuIds(trx, auth.tenantId, auth.roleIds),
          MENU_CATEGORY.button,
        ),
      );
      return ok(buildTree(menus.map(toMenuVO)));
    });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  // GET /blade-system/menu/top-menu — the caller's tenant's top menus, by sort.
  router.get('/menu/top-menu', async (c) => {
    const auth = c.get('auth');
    const rows = await withTenant(deps.db, auth.tenantId, (trx) => listTopMenus(trx, auth.tenantId));
    return c.json(ok(rows.map(toTopMenuVO)));
  });

  return router;
}
