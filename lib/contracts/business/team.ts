import { defineResource, menuAccess, standardCalls } from '../resource';
import { refField } from './refs';

/**
 * The institute's working groups (团队: a laboratory team, a project team) and their members, each with a role in
 * the team (dictionary `team_role`: 1 组长, 2 成员, 3 顾问). business-service names its own verbs here: GET `listTeam`
 * and `listTeamUser`, separate `save*` (add) and `update*` (edit) calls, `delete*`; there is no detail call.
 * The leader and the members are live users of the tenant (checked on every change of them); a team's name is
 * unique in the tenant and a user is a member of a team at most once. Deleting a team deletes its members.
 */
export const teamResource = defineResource({
  key: 'business.team',
  table: 'business_team',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    teamName: {
      kind: 'text',
      max: 64,
      required: 'business.team.nameRequired',
      search: 'like',
      sort: true,
    },
    leaderId: refField('business.team.leaderRequired'),
    deptId: refField('', { required: undefined }),
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['teamName'], message: 'business.team.nameTaken' }],
  calls: standardCalls('/business-service/team', {
    list: 'listTeam',
    submit: 'saveTeam',
    add: 'saveTeam',
    update: 'updateTeam',
    remove: 'deleteTeam',
    detail: null,
  }),
  // The message screen picks recipients team by team.
  access: menuAccess('team', { listAlso: ['biz_message'] }),
  menu: {
    code: 'team',
    name: '团队管理',
    path: '/administration/team',
    icon: 'groups',
    parent: 'administration',
    sort: 9,
    buttons: [
      { code: 'team_user_add', name: '添加成员', alias: 'userAdd', action: 2 },
      { code: 'team_user_edit', name: '修改成员', alias: 'userEdit', action: 2 },
      { code: 'team_user_delete', name: '移除成员', alias: 'userDelete', action: 2 },
    ],
  },
});

/**
 * A team's members. The list always names its team (`teamId` is required there); a member stays in the team it was
 * added to (edit may change the user and the role, not the team). Reading the members is the team page's right.
 */
export const teamUserResource = defineResource({
  key: 'business.teamUser',
  table: 'business_team_user',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'team_role', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    teamId: refField('business.teamUser.teamRequired'),
    userId: refField('business.teamUser.userRequired'),
    teamRole: {
      kind: 'text',
      max: 1,
      dict: 'team_role',
      default: '2',
      pattern: { regex: /^[123]$/, message: 'business.teamUser.roleInvalid' },
      search: 'eq',
      sort: true,
    },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 200 },
  },
  unique: [{ fields: ['teamId', 'userId'], message: 'business.teamUser.userTaken' }],
  calls: standardCalls('/business-service/team', {
    list: 'listTeamUser',
    submit: 'saveTeamUser',
    add: 'saveTeamUser',
    update: 'updateTeamUser',
    remove: 'deleteTeamUser',
    detail: null,
  }),
  access: {
    read: { codes: ['team'] },
    add: { codes: ['team_user_add'] },
    edit: { codes: ['team_user_edit'] },
    remove: { codes: ['team_user_delete'] },
    list: { codes: ['team', 'biz_message'] },
  },
});
