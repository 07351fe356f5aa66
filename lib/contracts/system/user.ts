import { defineResource, menuAccess, standardCalls, type FieldSpecs } from '../resource';

const DATE_TIME = /^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/;

/**
 * The form of a user (blade_user), shared by the user and the external user pages. In the order of the required
 * checks' texts: account, role, dept. The password (add only) is no field: the resource's hook checks it last and
 * stores it hashed, so the answer has no password key at all (blade/modules/user/user.resource.ts).
 */
export const USER_FIELDS = {
  account: {
    kind: 'text',
    label: 'system.user.account',
    max: 45,
    required: 'system.user.accountMissing',
    search: 'like',
    sort: true,
  },
  roleId: { kind: 'ids', label: 'system.user.role', required: 'system.user.roleRequired', list: false },
  deptId: { kind: 'ids', label: 'system.user.dept', required: 'system.user.deptRequired', list: false },
  code: { kind: 'text', label: 'system.user.code', max: 12, search: 'like', sort: true },
  name: { kind: 'text', label: 'system.user.name', max: 20, search: 'like', sort: true },
  realName: { kind: 'text', label: 'system.user.realName', max: 10, search: 'like', sort: true },
  avatar: { kind: 'text', label: 'system.user.avatar', max: 2000, list: false },
  email: { kind: 'text', label: 'system.user.email', max: 45, search: 'like' },
  phone: { kind: 'text', label: 'system.user.phone', max: 45, search: 'like' },
  birthday: {
    kind: 'text',
    label: 'system.user.birthday',
    max: 19,
    pattern: { regex: DATE_TIME, message: 'system.user.birthdayInvalid' },
    list: false,
  },
  sex: { kind: 'int', label: 'system.user.sex', list: false },
  status: { kind: 'int', label: 'system.common.status', default: 1, search: 'eq', list: false },
  postId: { kind: 'ids', label: 'system.user.post', list: false },
} as const satisfies FieldSpecs;

/**
 * Users of the caller's tenant (001 §7.4): the `user` data scope applies over the users' depts (a user may belong to
 * several). `/submit` adds or edits, `/update` only edits. The list, the platform fields, password reset, role grant
 * and unlock are calls of their own (blade/modules/user/user-admin.routes.ts).
 */
export const userResource = defineResource({
  key: 'system.user',
  table: 'blade_user',
  ownership: 'tenant',
  dataScope: { resource: 'user', dept: 'dept_id', deptList: true, owner: 'create_user' },
  fields: {
    ...USER_FIELDS,
    userType: { kind: 'int', search: 'eq', list: false },
  },
  calls: standardCalls('/blade-user', { list: 'page', update: 'update' }),
  access: menuAccess('user'),
  menu: {
    code: 'user',
    name: '用户管理',
    path: '/system/user',
    icon: 'person',
    parent: 'system',
    sort: 1,
    buttons: [
      { code: 'user_reset', name: '重置密码', alias: 'reset-password', action: 1 },
      { code: 'user_role', name: '角色配置', alias: 'role', action: 1 },
      { code: 'user_unlock', name: '账号解封', alias: 'unlock', action: 1 },
      { code: 'user_platform', name: '平台配置', alias: 'platform', action: 1 },
    ],
  },
});
