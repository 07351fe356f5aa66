import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { NotFoundError } from '../../../core/errors';
import { sortOrders, type SortOrder } from '../../../core/page';
import { pageQuerySchema, idArraySchema, blank, idSchema } from '../../../../lib/contracts/inputs';
import { grantableScopeIds, heldScopeIds, permit } from '../../../core/permission';
import { treeNode, type TreeNode } from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import { parseQuery } from '../../../core/validation';
import type { MenuRow } from '../../../db/schema';
import { withTenant, type Db } from '../../../db/tenant';
import { isPlatformAdmin } from '../../../core/roles';
import { findRolesByIds } from '../role/role.repository';
import { findGrantedMenuIds, findRoleMenuIds, listLiveMenus, MENU_CATEGORY } from './menu.repository';
import { toMenuVO } from './menu.vo';

const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION_NAMES: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const IS_OPEN_NAMES: Record<number, string> = { 1: '否', 2: '是' };

/** Columns a menu list may be sorted by (the tree is built after sorting). */
const MENU_SORTABLE = ['id', 'sort', 'name', 'code', 'path', 'category'] as const;

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({
  name: text(255),
  code: text(255),
  alias: text(255),
  path: text(255),
  parentId: blank(z.union([z.literal('0'), idSchema])),
});
const detailQuery = z.object({ id: idSchema });
const roleKeysQuery = z.object({ roleIds: idArraySchema });
const topKeysQuery = z.object({ topMenuIds: idArraySchema });

/** The live menus a caller may see: all for the platform administrator, else those their roles hold and ancestors. */
export async function visibleMenus(trx: Db, auth: AuthUser): Promise<MenuRow[]> {
  const all = await listLiveMenus(trx);
  if (isPlatformAdmin(auth)) return all;
  const granted = await findGrantedMenuIds(trx, auth.tenantId, auth.roleIds);
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const id of granted) {
    for (let m = byId.get(id); m && !keep.has(m.id); m = byId.get(m.parent_id)) keep.add(m.id);
  }
  return all.filter((m) => keep.has(m.id));
}

function matches(menu: MenuRow, q: z.output<typeof listQuery>): boolean {
  const has = (value: string, part?: string | null) =>
    !part || value.toLowerCase().includes(part.toLowerCase());
  return (
    has(menu.name, q.name) && has(menu.code, q.code) && has(menu.alias, q.alias) && has(menu.path, q.path)
  );
}

function sortRows(rows: MenuRow[], orders: SortOrder[]): MenuRow[] {
  if (orders.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const o of orders) {
      const x = a[o.column as keyof MenuRow] as string | number;
      const y = b[o.column as keyof MenuRow] as string | number;
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (cmp !== 0) return o.direction === 'asc' ? cmp : -cmp;
    }
    return 0;
  });
}

const menuNode = (m: MenuRow) => treeNode(m.id, m.parent_id, m.name);

/**
 * Menu administration (contract §7.1): the trees, the detail and the grant keys. Menus are global; their writes
 * (`menu/submit`, `menu/remove`, platform administrator only) are served from the definition (menu.resource.ts).
 */
export function menuAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const canRead = permit(deps, { codes: ['menu'] });

  async function listed(auth: AuthUser, query: z.output<typeof listQuery>, category?: number) {
    const orders = sortOrders(MENU_SORTABLE, query);
    const menus = await withTenant(deps.db, auth.tenantId, (trx) => visibleMenus(trx, auth));
    return sortRows(
      menus.filter((m) => (category === undefined || m.category === category) && matches(m, query)),
      orders,
    );
  }

  // GET /blade-system/menu/list — every visible menu (menus and buttons) as a MenuVO tree; filters name/code/alias/path.
  router.get('/menu/list', canRead, async (c) => {
    const rows = await listed(c.get('auth'), parseQuery(c, listQuery));
    return c.json(ok(buildTree(rows.map(toMenuVO))));
  });

  // GET /blade-system/menu/menu-list — the same, category 1 only.
  router.get('/menu/menu-list', canRead, async (c) => {
    const rows = await listed(c.get('auth'), parseQuery(c, listQuery), MENU_CATEGORY.menu);
    return c.json(ok(buildTree(rows.map(toMenuVO))));
  });

  // GET /blade-system/menu/lazy-list?parentId — one level (default the roots) with hasChildren; a filter searches all.
  const lazy = (category?: number) =>
    async function handler(c: Context<BladeEnv>) {
      const query = parseQuery(c, listQuery);
      const auth = c.get('auth');
      const rows = await listed(auth, query, category);
      const filtering = Boolean(query.name || query.code || query.alias || query.path);
      const parentId = query.parentId ?? (filtering ? undefined : '0');
      const parents = new Set(rows.map((m) => m.parent_id));
      const level = rows.filter((m) => parentId === undefined || m.parent_id === parentId);
      return c.json(ok(level.map((m) => ({ ...toMenuVO(m), hasChildren: parents.has(m.id) }))));
    };
  router.get('/menu/lazy-list', canRead, lazy());
  // GET /blade-system/menu/lazy-menu-list?parentId — the same, category 1 only (the scope pages' menu list).
  router.get(
    '/menu/lazy-menu-list',
    permit(deps, { codes: ['menu', 'datascope', 'apiscope'] }),
    lazy(MENU_CATEGORY.menu),
  );

  // GET /blade-system/menu/tree — TreeNode[] of the visible category-1 menus (the parent picker).
  router.get(
    '/menu/tree',
    permit(deps, { codes: ['menu', 'datascope', 'apiscope', 'tenantpackage'] }),
    async (c) => {
      const auth = c.get('auth');
      const menus = await withTenant(deps.db, auth.tenantId, (trx) => visibleMenus(trx, auth));
      return c.json(ok(buildTree(menus.filter((m) => m.category === MENU_CATEGORY.menu).map(menuNode))));
    },
  );

  // GET /blade-system/menu/detail?id — MenuVO with parentName (顶级 for roots) and the dictionary labels.
  router.get('/menu/detail', canRead, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const menus = await withTenant(deps.db, auth.tenantId, (trx) => visibleMenus(trx, auth));
    const menu = menus.find((m) => m.id === id);
    if (!menu) throw new NotFoundError();
    const parent = menus.find((m) => m.id === menu.parent_id);
    return c.json(
      ok({
        ...toMenuVO(menu),
        parentName: menu.parent_id === '0' ? '顶级' : (parent?.name ?? ''),
        categoryName: CATEGORY_NAMES[menu.category] ?? '',
        actionName: ACTION_NAMES[menu.action] ?? '',
        isOpenName: IS_OPEN_NAMES[menu.is_open] ?? '',
      }),
    );
  });

  // GET /blade-system/menu/grant-tree — what the caller may grant: menus (with buttons), data and API scopes under
  // their menus. The platform administrator gets everything, others only what their roles hold.
  router.get('/menu/grant-tree', permit(deps, { codes: ['role_grant', 'tenantpackage'] }), async (c) => {
    const auth = c.get('auth');
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const menus = await visibleMenus(trx, auth);
      const platform = isPlatformAdmin(auth);
      const scopeTree = async (table: 'blade_scope_data' | 'blade_scope_api', category: 1 | 2) => {
        const holds = platform ? undefined : await grantableScopeIds(trx, auth, category);
        const scopes = (
          await trx
            .selectFrom(table)
            .select(['id', 'menu_id', 'scope_name'])
            .where('is_deleted', '=', 0)
            .orderBy('id')
            .execute()
        ).filter((s) => !holds || holds.has(s.id));
        const byId = new Map(menus.map((m) => [m.id, m]));
        const keep = new Set<string>();
        for (const s of scopes) {
          for (let m = byId.get(s.menu_id); m && !keep.has(m.id); m = byId.get(m.parent_id)) keep.add(m.id);
        }
        const nodes: TreeNode[] = [
          ...menus.filter((m) => keep.has(m.id)).map(menuNode),
          ...scopes.filter((s) => keep.has(s.menu_id)).map((s) => treeNode(s.id, s.menu_id, s.scope_name)),
        ];
        return buildTree(nodes);
      };
      return {
        menu: buildTree(menus.map(menuNode)),
        dataScope: await scopeTree('blade_scope_data', 1),
        apiScope: await scopeTree('blade_scope_api', 2),
      };
    });
    return c.json(ok(data));
  });

  // GET /blade-system/menu/role-tree-keys?roleIds — ids granted to roles of the caller's tenant.
  router.get('/menu/role-tree-keys', permit(deps, { codes: ['role_grant'] }), async (c) => {
    const { roleIds } = parseQuery(c, roleKeysQuery);
    const auth = c.get('auth');
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await findRolesByIds(trx, auth.tenantId, roleIds)).length !== roleIds.length)
        throw new NotFoundError();
      return {
        menu: await findRoleMenuIds(trx, auth.tenantId, roleIds),
        dataScope: await heldScopeIds(trx, auth.tenantId, roleIds, 1),
        apiScope: await heldScopeIds(trx, auth.tenantId, roleIds, 2),
      };
    });
    return c.json(ok(data));
  });

  // GET /blade-system/menu/grant-top-tree — category-1 menus the caller may put into top menus.
  router.get('/menu/grant-top-tree', permit(deps, { codes: ['topmenu_setting'] }), async (c) => {
    const auth = c.get('auth');
    const menus = await withTenant(deps.db, auth.tenantId, (trx) => visibleMenus(trx, auth));
    return c.json(
      ok({ menu: buildTree(menus.filter((m) => m.category === MENU_CATEGORY.menu).map(menuNode)) }),
    );
  });

  // GET /blade-system/menu/top-tree-keys?topMenuIds — menu ids of top menus of the caller's tenant.
  router.get('/menu/top-tree-keys', permit(deps, { codes: ['topmenu_setting'] }), async (c) => {
    const { topMenuIds } = parseQuery(c, topKeysQuery);
    const auth = c.get('auth');
    const menu = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const tops = await trx
        .selectFrom('blade_top_menu')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', topMenuIds.length ? topMenuIds : ['0'])
        .where('is_deleted', '=', 0)
        .execute();
      if (tops.length !== topMenuIds.length) throw new NotFoundError();
      const rows = await trx
        .selectFrom('blade_top_menu_setting')
        .select('menu_id')
        .distinct()
        .where('tenant_id', '=', auth.tenantId)
        .where('top_menu_id', 'in', topMenuIds.length ? topMenuIds : ['0'])
        .execute();
      return rows.map((r) => r.menu_id);
    });
    return c.json(ok({ menu }));
  });

  return router;
}
