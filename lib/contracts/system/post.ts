import { defineResource } from '../resource';

/**
 * Posts (contract §7.8), tenant-owned. The `post` data scope limits which posts a role sees and changes: those created
 * in its depts, or by the caller. The user screen lists posts to pick from, so `user` may list them too.
 */
export const postResource = defineResource({
  key: 'system.post',
  table: 'blade_post',
  ownership: 'tenant',
  dataScope: { resource: 'post', dept: 'create_dept', owner: 'create_user' },
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    category: {
      column: 'category',
      kind: 'int',
      label: 'system.post.category',
      dict: 'post_category',
      default: 4,
      search: 'eq',
      sort: true,
    },
    postCode: {
      column: 'post_code',
      kind: 'text',
      label: 'system.post.postCode',
      max: 12,
      required: 'system.post.codeRequired',
      search: 'like',
      sort: true,
    },
    postName: {
      column: 'post_name',
      kind: 'text',
      label: 'system.post.postName',
      max: 64,
      required: 'system.post.nameRequired',
      search: 'like',
      sort: true,
    },
    sort: { column: 'sort', kind: 'int', label: 'system.common.sort', default: 0, sort: true },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  unique: [{ fields: ['postCode'], message: 'system.post.codeTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-system/post/list' },
    detail: { method: 'GET', path: '/blade-system/post/detail' },
    submit: { method: 'POST', path: '/blade-system/post/submit' },
    remove: { method: 'POST', path: '/blade-system/post/remove' },
  },
  access: {
    list: { codes: ['post', 'user'] },
    read: { codes: ['post'] },
    add: { codes: ['post_add'] },
    edit: { codes: ['post_edit'] },
    remove: { codes: ['post_delete'] },
  },
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
