import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idArraySchema, idSchema, pageQuerySchema } from '../inputs';

/**
 * Menu administration's reads (contract §7.1; blade/modules/system/menu/menu-admin.routes.ts): the trees, the detail
 * and the grant keys. A caller sees the menus their roles hold (the platform administrator all). Menus are global;
 * their writes are the resource's (lib/contracts/system/menu.ts).
 */
const PATH = '/blade-system/menu';

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
/** A list's filters (contains, any case) and sort; `parentId` (0: the roots) picks a lazy list's level. */
export const menuListInput = pageQuerySchema.extend({
  name: text(255),
  code: text(255),
  alias: text(255),
  path: text(255),
  parentId: blank(z.union([z.literal('0'), idSchema])),
});

const read = <I extends z.ZodType>(name: string, path: string, codes: readonly string[], input: I) =>
  defineAction({
    name,
    call: { method: 'GET', path: `${PATH}/${path}` },
    input,
    access: { codes },
    writes: false,
  });

/** Every visible menu (menus and buttons) as a MenuVO tree; filters name/code/alias/path. */
export const menuList = read('list', 'list', ['menu'], menuListInput);
/** The same, category 1 (menus) only. */
export const menuMenuList = read('menuList', 'menu-list', ['menu'], menuListInput);
/** One level (default the roots) with hasChildren; a filter searches every level. */
export const menuLazyList = read('lazyList', 'lazy-list', ['menu'], menuListInput);
/** The same, category 1 only: the scope pages' menu list. */
export const menuLazyMenuList = read(
  'lazyMenuList',
  'lazy-menu-list',
  ['menu', 'datascope', 'apiscope'],
  menuListInput,
);

/** TreeNode[] of the visible category-1 menus: the parent picker, and the scope and package pages' menu tree. */
export const menuTree = read(
  'tree',
  'tree',
  ['menu', 'datascope', 'apiscope', 'tenantpackage'],
  z.object({}),
);

/** MenuVO with parentName (顶级 for roots) and the dictionary labels; 404 for a menu the caller does not see. */
export const menuDetail = read('detail', 'detail', ['menu'], z.object({ id: idSchema }));

/** What the caller may grant: menus (with buttons), and data and API scopes under their menus. */
export const menuGrantTree = read('grantTree', 'grant-tree', ['role_grant', 'tenantpackage'], z.object({}));

/** The menu, data-scope and API-scope ids granted to roles of the caller's tenant (another tenant's role: 404). */
export const menuRoleTreeKeys = read(
  'roleTreeKeys',
  'role-tree-keys',
  ['role_grant'],
  z.object({ roleIds: idArraySchema }),
);

/** Category-1 menus the caller may put into top menus. */
export const menuGrantTopTree = read('grantTopTree', 'grant-top-tree', ['topmenu_setting'], z.object({}));

/** Menu ids of top menus of the caller's tenant (another tenant's top menu: 404). */
export const menuTopTreeKeys = read(
  'topTreeKeys',
  'top-tree-keys',
  ['topmenu_setting'],
  z.object({ topMenuIds: idArraySchema }),
);

export const MENU_READ_ACTIONS = [
  menuList,
  menuMenuList,
  menuLazyList,
  menuLazyMenuList,
  menuTree,
  menuDetail,
  menuGrantTree,
  menuRoleTreeKeys,
  menuGrantTopTree,
  menuTopTreeKeys,
] as const;
