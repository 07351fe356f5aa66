import { defineResource } from '../resource';

/**
 * Top menus (contract §7.12), per tenant: tabs above the side menu, each showing the menus granted to it
 * (`topmenu/grant`, an action of blade/). The code is checked before the name, as in Blade.
 */
export const topMenuResource = defineResource({
  key: 'system.topmenu',
  table: 'blade_top_menu',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    code: {
      column: 'code',
      kind: 'text',
      label: 'system.topmenu.code',
      max: 255,
      required: 'system.topmenu.codeRequired',
      search: 'like',
      sort: true,
    },
    name: {
      column: 'name',
      kind: 'text',
      label: 'system.topmenu.name',
      max: 255,
      required: 'system.topmenu.nameRequired',
      search: 'like',
      sort: true,
    },
    path: { column: 'path', kind: 'text', label: 'system.topmenu.path', max: 255 },
    source: { column: 'source', kind: 'text', label: 'system.menu.source', max: 255 },
    sort: { column: 'sort', kind: 'int', label: 'system.common.sort', default: 0, sort: true },
  },
  calls: {
    list: { method: 'GET', path: '/blade-system/topmenu/list' },
    detail: { method: 'GET', path: '/blade-system/topmenu/detail' },
    submit: { method: 'POST', path: '/blade-system/topmenu/submit' },
    remove: { method: 'POST', path: '/blade-system/topmenu/remove' },
  },
  access: {
    read: { codes: ['topmenu'] },
    add: { codes: ['topmenu_add'] },
    edit: { codes: ['topmenu_edit'] },
    remove: { codes: ['topmenu_delete'] },
  },
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
