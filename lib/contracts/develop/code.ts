import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * Generator configurations: which model, which service folder (serviceName, stored without `blade-`) and module
 * (packageName, kebab-case: the generated module's folder and file names, BladeX's package_name).
 */
export const codeResource = defineResource({
  key: 'develop.code',
  table: 'blade_code',
  ownership: 'global',
  fields: {
    modelId: {
      kind: 'text',
      label: 'system.develop.model',
      max: 20,
      required: 'develop.code.modelRequired',
      list: false,
    },
    codeName: {
      kind: 'text',
      label: 'system.develop.codeName',
      max: 64,
      required: 'develop.code.nameRequired',
      search: 'like',
      sort: true,
    },
    serviceName: {
      kind: 'text',
      label: 'system.develop.serviceName',
      max: 64,
      required: 'develop.code.serviceRequired',
      sort: true,
    },
    tableName: { kind: 'text', label: 'system.develop.tableName', max: 64, search: 'like', sort: true },
    pkName: { kind: 'text', label: 'system.develop.pkName', max: 32, default: 'id', list: false },
    packageName: {
      column: 'module_name',
      kind: 'text',
      label: 'system.develop.packageName',
      max: 64,
      required: 'develop.code.moduleRequired',
      search: 'like',
      sort: true,
    },
    isTenant: { kind: 'flag', label: 'system.develop.isTenant', default: 1, list: false },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: standardCalls('/blade-develop/code'),
  access: menuAccess('code', { role: 'platform' }),
  menu: {
    code: 'code',
    name: '代码生成',
    path: '/tool/code',
    icon: 'code',
    parent: 'tool',
    sort: 1,
    buttons: [{ code: 'code_gen', name: '代码生成', alias: 'gen', action: 2 }],
  },
});
