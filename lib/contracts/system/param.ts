import { defineResource } from '../resource';

/**
 * System parameters (spec §2/§5). blade_param is platform-wide (no tenant column), so every call is the platform
 * administrator's: a tenant's `admin` must not change settings that apply to all tenants (contract §10 #8,
 * SpringBlade #41).
 */
const platform = (code: string) => ({ role: 'platform', codes: [code] }) as const;

export const paramResource = defineResource({
  key: 'system.param',
  table: 'blade_param',
  ownership: 'global',
  fields: {
    paramName: {
      column: 'param_name',
      kind: 'text',
      label: 'system.param.paramName',
      max: 255,
      required: 'system.param.nameRequired',
      search: 'like',
      sort: true,
    },
    paramKey: {
      column: 'param_key',
      kind: 'text',
      label: 'system.param.paramKey',
      max: 255,
      required: 'system.param.keyRequired',
      search: 'like',
      sort: true,
    },
    paramValue: {
      column: 'param_value',
      kind: 'textarea',
      label: 'system.param.paramValue',
      max: 2000,
      required: 'system.param.valueRequired',
    },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255 },
  },
  unique: [{ fields: ['paramKey'], message: 'system.param.keyTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-system/param/list' },
    detail: { method: 'GET', path: '/blade-system/param/detail' },
    submit: { method: 'POST', path: '/blade-system/param/submit' },
    remove: { method: 'POST', path: '/blade-system/param/remove' },
  },
  access: {
    read: platform('param'),
    add: platform('param_add'),
    edit: platform('param_edit'),
    remove: platform('param_delete'),
  },
  menu: {
    code: 'param',
    name: '参数管理',
    path: '/system/param',
    icon: 'tune',
    parent: 'system',
    sort: 8,
    platformWrites: true,
  },
});
