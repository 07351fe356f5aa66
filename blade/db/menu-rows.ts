import type { Insertable } from 'kysely';
import { nextId } from '../core/ids';
import type { MenuTable, RoleMenuTable } from './schema';
import { PLATFORM_TENANT, type SeedMenu } from './seed-data';

/** The blade_menu row of a seeded menu (the seed's tree, or a definition's page and buttons added at start-up). */
export function menuRow(menu: SeedMenu, id: string, parentId: string): Insertable<MenuTable> {
  return {
    id,
    parent_id: parentId,
    code: menu.code,
    name: menu.name,
    alias: menu.alias ?? 'menu',
    path: menu.path,
    source: menu.source,
    sort: menu.sort,
    category: menu.category ?? 1,
    action: menu.action ?? 0,
    remark: '',
  };
}

/** A platform tenant role's grant of a menu. */
export function platformGrantRow(menuId: string, roleId: string): Insertable<RoleMenuTable> {
  return { id: nextId(), tenant_id: PLATFORM_TENANT.tenantId, menu_id: menuId, role_id: roleId };
}
