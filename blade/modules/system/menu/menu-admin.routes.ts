import { Hono } from 'hono';
import type { z } from 'zod';
import {
  menuDetail,
  menuGrantTopTree,
  menuGrantTree,
  menuLazyList,
  menuLazyMenuList,
  menuList,
  menuListInput,
  menuMenuList,
  menuRoleTreeKeys,
  menuTopTreeKeys,
  menuTree,
} from '../../../../lib/contracts/system/menu.actions';
import { actionRouter } from '../../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { NotFoundError } from '../../../core/errors';
import { sortOrders, type SortOrder } from '../../../core/page';
import { grantableScopeIds, heldScopeIds } from '../../../core/permission';
import { treeNode, type TreeNode } from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import type { MenuRow } from '../../../db/schema';
import type { Db } from '../../../db/tenant';
import { isPlatformAdmin } from '../../../core/roles';
import { findRolesByIds } from '../role/role.repository';
import { findGrantedMenuIds, findRoleMenuIds, listLiveMenus, MENU_CATEGORY } from './menu.repository';
import { toMenuVO } from './menu.vo';

const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION_NAMES: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const IS_OPEN_NAMES: Record<number, string> = { 1: '否', 2: '是' };

/** Columns a menu list may be sorted by (the tree is built after sorting). */
const MENU_SORTABLE = ['id', 'sort', 'name', 'code', 'path', 'category'] as const;

type MenuListInput = z.output<typeof menuListInput>;

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

function matches(menu: MenuRow, q: MenuListInput): boolean {
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
 * Menu administration's reads (contract §7.1), the declared actions of lib/contracts/system/menu.actions.ts served
 * from the registry. Menus are global; their writes (`menu/submit`, `menu/remove`, platform administrator only) are
 * served from the definition (menu.resource.ts).
 */
export function menuAdminActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  async function listed(trx: Db, auth: AuthUser, query: MenuListInput, category?: number) {
    const orders = sortOrders(MENU_SORTABLE, query);
    const menus = await visibleMenus(trx, auth);
    return sortRows(
      menus.filter((m) => (category === undefined || m.category === category) && matches(m, query)),
      orders,
    );
  }

  for (const [action, category] of [
    [menuList, undefined],
    [menuMenuList, MENU_CATEGORY.menu],
  ] as const)
    serve(action, async ({ trx, auth, input }) =>
      buildTree((await listed(trx, auth, input, category)).map(toMenuVO)),
    );

  // One level (default the roots) with hasChildren; a filter searches every level.
  for (const [action, category] of [
    [menuLazyList, undefined],
    [menuLazyMenuList, MENU_CATEGORY.menu],
  ] as const)
    serve(action, async ({ trx, auth, input }) => {
      const rows = await listed(trx, auth, input, category);
      const filtering = Boolean(input.name || input.code || input.alias || input.path);
      const parentId = input.parentId ?? (filtering ? undefined : '0');
      const parents = new Set(rows.map((m) => m.parent_id));
      const level = rows.filter((m) => parentId === undefined || m.parent_id === parentId);
      return level.map((m) => ({ ...toMenuVO(m), hasChildren: parents.has(m.id) }));
    });

  serve(menuTree, async ({ trx, auth }) =>
    buildTree((await visibleMenus(trx, auth)).filter((m) => m.category === MENU_CATEGORY.menu).map(menuNode)),
  );

  serve(menuDetail, async ({ trx, auth, input }) => {
    const menus = await visibleMenus(trx, auth);
    const menu = menus.find((m) => m.id === input.id);
    if (!menu) throw new NotFoundError();
    const parent = menus.find((m) => m.id === menu.parent_id);
    return {
      ...toMenuVO(menu),
      parentName: menu.parent_id === '0' ? '顶级' : (parent?.name ?? ''),
      categoryName: CATEGORY_NAMES[menu.category] ?? '',
      actionName: ACTION_NAMES[menu.action] ?? '',
      isOpenName: IS_OPEN_NAMES[menu.is_open] ?? '',
    };
  });

  // The platform administrator may grant everything, others only what their roles hold.
  serve(menuGrantTree, async ({ trx, auth }) => {
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

  serve(menuRoleTreeKeys, async ({ trx, auth, input: { roleIds } }) => {
    if ((await findRolesByIds(trx, auth.tenantId, roleIds)).length !== roleIds.length)
      throw new NotFoundError();
    return {
      menu: await findRoleMenuIds(trx, auth.tenantId, roleIds),
      dataScope: await heldScopeIds(trx, auth.tenantId, roleIds, 1),
      apiScope: await heldScopeIds(trx, auth.tenantId, roleIds, 2),
    };
  });

  serve(menuGrantTopTree, async ({ trx, auth }) => ({
    menu: buildTree(
      (await visibleMenus(trx, auth)).filter((m) => m.category === MENU_CATEGORY.menu).map(menuNode),
    ),
  }));

  serve(menuTopTreeKeys, async ({ trx, auth, input: { topMenuIds } }) => {
    const ids = topMenuIds.length ? topMenuIds : ['0'];
    const tops = await trx
      .selectFrom('blade_top_menu')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    if (tops.length !== topMenuIds.length) throw new NotFoundError();
    const rows = await trx
      .selectFrom('blade_top_menu_setting')
      .select('menu_id')
      .distinct()
      .where('tenant_id', '=', auth.tenantId)
      .where('top_menu_id', 'in', ids)
      .execute();
    return { menu: rows.map((r) => r.menu_id) };
  });

  return router;
}
