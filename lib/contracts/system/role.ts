import { defineResource, menuAccess, SORT_ORDER, standardCalls } from '../resource';
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
  defaultOrder: SORT_ORDER,
  fields: {
    roleName: { kind: 'text', max: 255, required: 'system.role.nameRequired', search: 'like', sort: true },
    roleAlias: { kind: 'text', max: 255, required: 'system.role.aliasRequired', search: 'like', sort: true },
    parentId: parentField('system.role.parent'),
    sort: { kind: 'int', label: 'system.common.sort', default: 0, sort: true },
  },
  unique: [{ fields: ['roleAlias'], message: 'system.role.aliasTaken' }],
  calls: standardCalls('/blade-system/role'),
  access: menuAccess('role'),
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
