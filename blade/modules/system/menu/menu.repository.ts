import { liveSortedRows } from '../../../db/live-rows';
import type { Db } from '../../../db/tenant';
import type { MenuRow, TopMenuRow } from '../../../db/schema';

export const MENU_CATEGORY = { menu: 1, button: 2 } as const;

/** blade_menu is global and small (hundreds of rows); trees are assembled in memory. */
export async function listLiveMenus(db: Db): Promise<MenuRow[]> {
  return db
    .selectFrom('blade_menu')
    .selectAll()
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findGrantedMenuIds(db: Db, tenantId: string, roleIds: string[]): Promise<Set<string>> {
  return new Set(await findRoleMenuIds(db, tenantId, roleIds));
}

/** Whether every one of these menu ids names a live menu (a repeated id counts as a missing one). */
export async function allMenusLive(db: Db, ids: string[]): Promise<boolean> {
  const live = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
  return live.length === ids.length;
}

export async function findTopMenuMenuIds(db: Db, tenantId: string, topMenuId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blade_top_menu_setting')
    .select('menu_id')
    .where('tenant_id', '=', tenantId)
    .where('top_menu_id', '=', topMenuId)
    .execute();
  return new Set(rows.map((r) => r.menu_id));
}

export async function listTopMenus(db: Db, tenantId: string): Promise<TopMenuRow[]> {
  return liveSortedRows(db, 'blade_top_menu', tenantId);
}

/** The menus some roles of one tenant are granted, each once. */
export async function findRoleMenuIds(db: Db, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_role_menu')
    .select('menu_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .execute();
  return rows.map((r) => r.menu_id);
}

/** Replaces the menu grants of the roles (all of the caller's tenant). */
export async function replaceRoleMenus(
  db: Db,
  tenantId: string,
  roleIds: string[],
  menuIds: string[],
  newId: () => string,
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .deleteFrom('blade_role_menu')
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .execute();
  const rows = roleIds.flatMap((roleId) =>
    menuIds.map((menuId) => ({ id: newId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('blade_role_menu')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}
