import { defineResource } from '../resource';
import { parentField } from './tree-parent';

/**
 * Roles (contract §7.3), tenant-owned and a tree. Who may create, change or remove which roles (administrator aliases,
 * roles the caller holds) is blade/'s rule (role.rules.ts); grants are an action.
 */
export const roleResource = defineResource({
  key: 'system.role',
  table: 'blade_role',
  ownership: 'tenant',
  tree: { name: 'roleName' },
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    roleName: {
      column: 'role_name',
      kind: 'text',
      label: 'system.role.roleName',
      max: 255,
      required: 'system.role.nameRequired',
      search: 'like',
      sort: true,
    },
    roleAlias: {
      column: 'role_alias',
      kind: 'text',
      label: 'system.role.roleAlias',
      max: 255,
      required: 'system.role.aliasRequired',
      search: 'like',
      sort: true,
    },
    parentId: parentField('system.role.parent'),
    sort: { column: 'sort', kind: 'int', label: 'system.common.sort', default: 0, sort: true },
  },
  unique: [{ fields: ['roleAlias'], message: 'system.role.aliasTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-system/role/list' },
    detail: { method: 'GET', path: '/blade-system/role/detail' },
    submit: { method: 'POST', path: '/blade-system/role/submit' },
    remove: { method: 'POST', path: '/blade-system/role/remove' },
  },
  access: {
    read: { codes: ['role'] },
    add: { codes: ['role_add'] },
    edit: { codes: ['role_edit'] },
    remove: { codes: ['role_delete'] },
  },
  menu: {
    code: 'role',
    name: '角色管理',
    path: '/authority/role',
    icon: 'groups',
    parent: 'authority',
    sort: 1,
    buttons: [{ code: 'role_grant', name: '权限设置', alias: 'grant', action: 1 }],
  },
});
