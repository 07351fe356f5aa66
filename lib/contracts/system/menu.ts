import { defineResource, standardCalls } from '../resource';

/**
 * Menus and buttons (contract §7.1), platform-wide: only the platform administrator adds, edits and removes them.
 * The list and the detail are blade/'s own routes (a tree of the menus the caller's roles reach, a detail with the
 * parent's name and the choices' labels); the writes are the definition's. The name is checked before the code.
 */
// The codes name the screen's buttons; blade/ lets only the platform administrator through, who holds every code.
const platform = (code: string) => ({ role: 'platform', codes: [code] }) as const;

export const menuResource = defineResource({
  key: 'system.menu',
  table: 'blade_menu',
  ownership: 'global',
  fields: {
    name: { kind: 'text', max: 255, required: 'system.menu.nameRequired', search: 'like' },
    code: { kind: 'text', max: 255, required: 'system.menu.codeRequired', search: 'like' },
    /** '0' for a top-level menu; a live menu that is neither the menu itself nor one below it. */
    parentId: {
      kind: 'text',
      label: 'system.menu.parent',
      max: 19,
      pattern: { regex: /^(0|[1-9]\d{0,18})$/, message: 'system.menu.parentMissing' },
      acceptsNumber: true,
      default: '0',
      list: false,
    },
    /** 1 menu, 2 button. */
    category: { kind: 'int', default: 1 },
    path: { kind: 'text', max: 255, search: 'like' },
    /** Blank: `menu` or `button` by the category. */
    alias: { kind: 'text', max: 255, search: 'like' },
    source: { kind: 'text', max: 255, list: false },
    /** 0 none, 1 toolbar, 2 row, 3 both. */
    action: { kind: 'int', default: 0, list: false },
    /** 1 no, 2 yes. */
    isOpen: { kind: 'int', default: 1, list: false },
    sort: { kind: 'int', label: 'system.common.sort', default: 0 },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  unique: [{ fields: ['code'], message: 'system.menu.codeTaken' }],
  calls: standardCalls('/blade-system/menu'),
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
