import { defineResource } from '../resource';
import { developAccess, developCalls } from './access';

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
      column: 'model_id',
      kind: 'text',
      label: 'system.develop.model',
      max: 20,
      required: 'develop.code.modelRequired',
      list: false,
    },
    codeName: {
      column: 'code_name',
      kind: 'text',
      label: 'system.develop.codeName',
      max: 64,
      required: 'develop.code.nameRequired',
      search: 'like',
      sort: true,
    },
    serviceName: {
      column: 'service_name',
      kind: 'text',
      label: 'system.develop.serviceName',
      max: 64,
      required: 'develop.code.serviceRequired',
      sort: true,
    },
    tableName: {
      column: 'table_name',
      kind: 'text',
      label: 'system.develop.tableName',
      max: 64,
      search: 'like',
      sort: true,
    },
    pkName: {
      column: 'pk_name',
      kind: 'text',
      label: 'system.develop.pkName',
      max: 32,
      default: 'id',
      list: false,
    },
    packageName: {
      column: 'module_name',
      kind: 'text',
      label: 'system.develop.packageName',
      max: 64,
      required: 'develop.code.moduleRequired',
      search: 'like',
      sort: true,
    },
    isTenant: {
      column: 'is_tenant',
      kind: 'flag',
      label: 'system.develop.isTenant',
      default: 1,
      list: false,
    },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: developCalls('code'),
  access: developAccess('code'),
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
