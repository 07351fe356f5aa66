import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * System parameters (spec §2/§5). blade_param is platform-wide (no tenant column), so every call is the platform
 * administrator's: a tenant's `admin` must not change settings that apply to all tenants (contract §10 #8,
 * SpringBlade #41).
 */
export const paramResource = defineResource({
  key: 'system.param',
  table: 'blade_param',
  ownership: 'global',
  fields: {
    paramName: { kind: 'text', max: 255, required: 'system.param.nameRequired', search: 'like', sort: true },
    paramKey: { kind: 'text', max: 255, required: 'system.param.keyRequired', search: 'like', sort: true },
    paramValue: { kind: 'textarea', max: 2000, required: 'system.param.valueRequired' },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255 },
  },
  unique: [{ fields: ['paramKey'], message: 'system.param.keyTaken' }],
  calls: standardCalls('/blade-system/param'),
  access: menuAccess('param', { role: 'platform' }),
  menu: {
    code: 'param',
    name: '参数管理',
    path: '/system/param',
    icon: 'tune',
    parent: 'system',
    sort: 8,
    // Reading is the platform administrator's too (a parameter may hold a secret of the whole platform).
    platform: true,
    platformWrites: true,
  },
});
