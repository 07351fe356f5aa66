import { defineResource } from '../resource';
import { developAccess, developCalls } from './access';

/** Data models: an existing table described for the generator; its fields are read from the table on creation. */
export const modelResource = defineResource({
  key: 'develop.model',
  table: 'blade_model',
  ownership: 'global',
  fields: {
    datasourceId: {
      column: 'datasource_id',
      kind: 'text',
      label: 'system.develop.datasource',
      max: 20,
      list: false,
    },
    modelTable: {
      column: 'model_table',
      kind: 'text',
      label: 'system.develop.modelTable',
      max: 64,
      required: 'develop.model.tableRequired',
      search: 'like',
      sort: true,
    },
    modelName: {
      column: 'model_name',
      kind: 'text',
      label: 'system.develop.modelName',
      max: 50,
      required: 'develop.model.nameRequired',
      search: 'like',
      sort: true,
    },
    modelCode: {
      column: 'model_code',
      kind: 'text',
      label: 'system.develop.modelCode',
      max: 50,
      required: 'develop.model.codeRequired',
      search: 'like',
      sort: true,
    },
    modelClass: { column: 'model_class', kind: 'text', label: 'system.develop.modelClass', max: 64 },
    modelRemark: {
      column: 'model_remark',
      kind: 'textarea',
      label: 'system.common.remark',
      max: 500,
      list: false,
    },
  },
  unique: [{ fields: ['modelCode'], message: 'develop.model.codeTaken' }],
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: developCalls('model'),
  access: developAccess('model'),
  menu: { code: 'model', name: '数据模型', path: '/tool/model', icon: 'schema', parent: 'tool', sort: 2 },
});
