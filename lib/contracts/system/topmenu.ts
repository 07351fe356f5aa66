import { defineResource, menuAccess, SORT_ORDER, standardCalls } from '../resource';

/**
 * Top menus (contract §7.12), per tenant: tabs above the side menu, each showing the menus granted to it
 * (`topmenu/grant`, an action of blade/). The code is checked before the name, as in Blade.
 */
export const topMenuResource = defineResource({
  key: 'system.topmenu',
  table: 'blade_top_menu',
  ownership: 'tenant',
  defaultOrder: SORT_ORDER,
  fields: {
    code: { kind: 'text', max: 255, required: 'system.topmenu.codeRequired', search: 'like', sort: true },
    name: { kind: 'text', max: 255, required: 'system.topmenu.nameRequired', search: 'like', sort: true },
    path: { kind: 'text', max: 255 },
    source: { kind: 'text', label: 'system.menu.source', max: 255 },
    sort: { kind: 'int', label: 'system.common.sort', default: 0, sort: true },
  },
  calls: standardCalls('/blade-system/topmenu'),
  access: menuAccess('topmenu'),
  menu: {
    code: 'topmenu',
    name: '顶部菜单',
    path: '/system/topmenu',
    icon: 'view_quilt',
    parent: 'system',
    sort: 7,
    buttons: [{ code: 'topmenu_setting', name: '菜单配置', alias: 'setting', action: 2 }],
  },
});
