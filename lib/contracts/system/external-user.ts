import { defineResource, menuAccess, standardCalls } from '../resource';
import { USER_FIELDS } from './user';

/** blade_user.user_type of external users (1 web, 2 app, 3 other are Blade's). */
export const EXTERNAL_USER_TYPE = 4;

/**
 * External users (people outside the organisation, e.g. customer contacts): accounts of blade_user with user_type 4,
 * on their own page. Every call sees and touches only external users (another user's id is a 404); the `user` data
 * scope applies over the users' depts. The list is also readable with `dept_lab_user`: that screen picks the external
 * users it attaches. Add and edit are separate calls (`save` refuses an id, `update` needs one).
 */
export const externalUserResource = defineResource({
  key: 'system.externalUser',
  table: 'blade_user',
  ownership: 'tenant',
  fixed: { user_type: EXTERNAL_USER_TYPE },
  dataScope: { resource: 'user', dept: 'dept_id', deptList: true, owner: 'create_user' },
  fields: USER_FIELDS,
  calls: standardCalls('/blade-user/externalUser', {
    list: 'page',
    submit: 'save',
    add: 'save',
    update: 'update',
  }),
  access: menuAccess('external_user', { listAlso: ['dept_lab_user'] }),
  menu: {
    code: 'external_user',
    name: '外部用户',
    path: '/system/externalUser',
    icon: 'support_agent',
    parent: 'system',
    sort: 13,
  },
});
