import { defineResource } from '../resource';

/**
 * Menus and buttons (contract §7.1), platform-wide: only the platform administrator adds, edits and removes them.
 * The list and the detail are blade/'s own routes (a tree of the menus the caller's roles reach, a detail with the
 * parent's name and the choices' labels); the writes are the definition's. The name is checked before the code.
 */
// The codes name the screen's buttons; blade/ lets only the platform administrator through, who holds every code.
const platform = (code: string) => ({ role: 'platform', codes: [code] }) as const;
const text = (column: string, label: string) =>
  ({ column, kind: 'text', label: `system.menu.${label}`, max: 255 }) as const;

export const menuResource = defineResource({
  key: 'system.menu',
  table: 'blade_menu',
  ownership: 'global',
  fields: {
    name: { ...text('name', 'name'), required: 'system.menu.nameRequired', search: 'like' },
    code: { ...text('code', 'code'), required: 'system.menu.codeRequired', search: 'like' },
    /** '0' for a top-level menu; a live menu that is neither the menu itself nor one below it. */
    parentId: {
      column: 'parent_id',
      kind: 'text',
      label: 'system.menu.parent',
      max: 19,
      pattern: { regex: /^(0|[1-9]\d{0,18})$/, message: 'system.menu.parentMissing' },
      acceptsNumber: true,
      default: '0',
      list: false,
    },
    /** 1 menu, 2 button. */
    category: { column: 'category', kind: 'int', label: 'system.menu.category', default: 1 },
    path: { ...text('path', 'path'), search: 'like' },
    /** Blank: `menu` or `button` by the category. */
    alias: { ...text('alias', 'alias'), search: 'like' },
    source: { ...text('source', 'source'), list: false },
    /** 0 none, 1 toolbar, 2 row, 3 both. */
    action: { column: 'action', kind: 'int', label: 'system.menu.action', default: 0, list: false },
    /** 1 no, 2 yes. */
    isOpen: { column: 'is_open', kind: 'int', label: 'system.menu.isOpen', default: 1, list: false },
    sort: { column: 'sort', kind: 'int', label: 'system.common.sort', default: 0 },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  unique: [{ fields: ['code'], message: 'system.menu.codeTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-system/menu/list' },
    detail: { method: 'GET', path: '/blade-system/menu/detail' },
    submit: { method: 'POST', path: '/blade-system/menu/submit' },
    remove: { method: 'POST', path: '/blade-system/menu/remove' },
  },
  access: {
    read: { codes: ['menu'] },
    add: platform('menu_add'),
    edit: platform('menu_edit'),
    remove: platform('menu_delete'),
  },
  menu: {
    code: 'menu',
    name: '菜单管理',
    path: '/system/menu',
    icon: 'menu',
    parent: 'system',
    sort: 6,
    platformWrites: true,
  },
});
