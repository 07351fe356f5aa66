import { defineResource, standardCalls, type FieldSpec, type FieldSpecs } from '../resource';

/**
 * Data scopes and API scopes (contract §7.10): global configuration attached to a menu. Reading them needs the page's
 * menu code, writing them is the platform administrator's; a tenant administrator grants the scopes it holds.
 */

/** The menu a scope belongs to: a menu id (the list filters by it, core/crud leaves the parameter to a hook). */
const menuId: FieldSpec = {
  kind: 'text',
  label: 'system.scope.menu',
  max: 19,
  pattern: { regex: /^[1-9]\d{0,18}$/, message: 'system.scope.menuMissing' },
  acceptsNumber: true,
  required: 'system.scope.menuRequired',
};

const commonFields = {
  menuId,
  resourceCode: { kind: 'text', max: 255, required: 'system.scope.codeRequired', search: 'like', sort: true },
  scopeName: { kind: 'text', max: 255, required: 'system.scope.nameRequired', search: 'like', sort: true },
} satisfies FieldSpecs;

const remark: FieldSpec = { kind: 'textarea', label: 'system.common.remark', max: 255, list: false };

const access = (code: string) =>
  ({
    read: { codes: [code] },
    add: { role: 'platform' },
    edit: { role: 'platform' },
    remove: { role: 'platform' },
  }) as const;

/**
 * scopeType 1 all, 2 own records, 3 own dept, 4 own dept and below, 5 the depts listed in scopeValue (comma-joined
 * ids). resourceCode names the list it restricts (e.g. `user`, `post`).
 */
export const dataScopeResource = defineResource({
  key: 'system.scope',
  table: 'blade_scope_data',
  ownership: 'global',
  fields: {
    ...commonFields,
    scopeType: { kind: 'int', dict: 'data_scope_type', default: 1, search: 'eq', sort: true },
    scopeField: { kind: 'text', max: 255, list: false },
    scopeClass: { kind: 'text', max: 500, list: false },
    scopeColumn: { kind: 'text', max: 255 },
    scopeValue: { kind: 'text', max: 2000, list: false },
    remark,
  },
  calls: standardCalls('/blade-system/data-scope'),
  access: access('datascope'),
  menu: {
    code: 'datascope',
    name: '数据权限',
    path: '/authority/datascope',
    icon: 'filter_alt',
    parent: 'authority',
    sort: 2,
    platformWrites: true,
  },
});

/**
 * scopePath is the call's path (`/blade-user/page`, `/api/…` accepted, a trailing `/**` covers everything below);
 * matching calls then need a role holding the scope.
 */
export const apiScopeResource = defineResource({
  key: 'system.scope',
  table: 'blade_scope_api',
  ownership: 'global',
  fields: {
    ...commonFields,
    scopePath: { kind: 'text', max: 255, required: 'system.scope.pathInvalid' },
    scopeType: { kind: 'int', dict: 'api_scope_type', default: 1, search: 'eq', sort: true },
    remark,
  },
  calls: standardCalls('/blade-system/api-scope'),
  access: access('apiscope'),
  menu: {
    code: 'apiscope',
    name: '接口权限',
    path: '/authority/apiscope',
    icon: 'api',
    parent: 'authority',
    sort: 3,
    platformWrites: true,
  },
});
