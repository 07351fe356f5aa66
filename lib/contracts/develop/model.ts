import { defineResource, menuAccess, standardCalls } from '../resource';

/** Data models: an existing table described for the generator; its fields are read from the table on creation. */
export const modelResource = defineResource({
  key: 'develop.model',
  table: 'blade_model',
  ownership: 'global',
  fields: {
    datasourceId: { kind: 'text', label: 'system.develop.datasource', max: 20, list: false },
    modelTable: {
      kind: 'text',
      label: 'system.develop.modelTable',
      max: 64,
      required: 'develop.model.tableRequired',
      search: 'like',
      sort: true,
    },
    modelName: {
      kind: 'text',
      label: 'system.develop.modelName',
      max: 50,
      required: 'develop.model.nameRequired',
      search: 'like',
      sort: true,
    },
    modelCode: {
      kind: 'text',
      label: 'system.develop.modelCode',
      max: 50,
      required: 'develop.model.codeRequired',
      search: 'like',
      sort: true,
    },
    modelClass: { kind: 'text', label: 'system.develop.modelClass', max: 64 },
    modelRemark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['modelCode'], message: 'develop.model.codeTaken' }],
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: standardCalls('/blade-develop/model'),
  access: menuAccess('model', { role: 'platform' }),
  menu: { code: 'model', name: '数据模型', path: '/tool/model', icon: 'schema', parent: 'tool', sort: 2 },
});
