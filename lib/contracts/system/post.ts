import { defineResource, menuAccess, SORT_ORDER, standardCalls } from '../resource';

/**
 * Posts (contract §7.8), tenant-owned. The `post` data scope limits which posts a role sees and changes: those created
 * in its depts, or by the caller. The user screen lists posts to pick from, so `user` may list them too.
 */
export const postResource = defineResource({
  key: 'system.post',
  table: 'blade_post',
  ownership: 'tenant',
  dataScope: { resource: 'post', dept: 'create_dept', owner: 'create_user' },
  defaultOrder: SORT_ORDER,
  fields: {
    category: { kind: 'int', dict: 'post_category', default: 4, search: 'eq', sort: true },
    postCode: { kind: 'text', max: 12, required: 'system.post.codeRequired', search: 'like', sort: true },
    postName: { kind: 'text', max: 64, required: 'system.post.nameRequired', search: 'like', sort: true },
    sort: { kind: 'int', label: 'system.common.sort', default: 0, sort: true },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  unique: [{ fields: ['postCode'], message: 'system.post.codeTaken' }],
  calls: standardCalls('/blade-system/post'),
  access: menuAccess('post', { listAlso: ['user'] }),
  menu: {
    code: 'post',
    name: '岗位管理',
    path: '/system/post',
    icon: 'badge',
    parent: 'system',
    sort: 3,
    buttons: [{ code: 'post_role', name: '岗位角色', alias: 'role', action: 2 }],
  },
});
