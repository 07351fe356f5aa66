import { defineResource } from '../resource';
import { developCalls, platformOnly } from './access';

/**
 * A data model's fields (字段配置): what the generator turns into columns, form fields, list columns and filters.
 * Edited from the model's page, so its rights are the model page's: `model` to read, `model_edit` to change.
 * Its submit takes one field or the whole grid (an array) and completes partial edits from the stored field.
 */
export const modelPrototypeResource = defineResource({
  key: 'develop.modelPrototype',
  table: 'blade_model_prototype',
  ownership: 'global',
  fields: {
    modelId: {
      column: 'model_id',
      kind: 'text',
      label: 'system.develop.model',
      max: 20,
      required: 'develop.code.modelRequired',
      search: 'eq',
      list: false,
    },
    jdbcName: {
      column: 'jdbc_name',
      kind: 'text',
      label: 'system.develop.jdbcName',
      max: 64,
      required: 'system.develop.jdbcNameRequired',
      search: 'like',
      sort: true,
    },
    comment: { column: 'comment', kind: 'text', label: 'system.develop.comment', max: 255 },
    jdbcType: {
      column: 'jdbc_type',
      kind: 'text',
      label: 'system.develop.jdbcType',
      max: 64,
      default: 'character varying(255)',
    },
    propertyType: {
      column: 'property_type',
      kind: 'text',
      label: 'develop.modelPrototype.propertyType',
      max: 64,
      default: 'string',
      list: false,
    },
    propertyName: {
      column: 'property_name',
      kind: 'text',
      label: 'system.develop.propertyName',
      max: 64,
      sort: true,
    },
    isForm: { column: 'is_form', kind: 'flag', label: 'system.develop.isForm', default: 1 },
    isRow: { column: 'is_row', kind: 'flag', label: 'develop.modelPrototype.isRow', default: 0, list: false },
    componentType: {
      column: 'component_type',
      kind: 'text',
      label: 'develop.modelPrototype.componentType',
      max: 32,
      default: 'input',
      list: false,
    },
    dictCode: { column: 'dict_code', kind: 'text', label: 'system.develop.dictCode', max: 64, list: false },
    isRequired: { column: 'is_required', kind: 'flag', label: 'system.develop.isRequired', default: 0 },
    isList: { column: 'is_list', kind: 'flag', label: 'system.develop.isList', default: 1 },
    isQuery: { column: 'is_query', kind: 'flag', label: 'system.develop.isQuery', default: 0 },
    queryType: {
      column: 'query_type',
      kind: 'text',
      label: 'system.develop.queryType',
      max: 16,
      default: 'equal',
      list: false,
    },
    sort: { column: 'sort', kind: 'int', label: 'system.develop.sort', default: 0, sort: true },
  },
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  calls: developCalls('model-prototype'),
  access: {
    read: platformOnly('model'),
    add: platformOnly('model_edit'),
    edit: platformOnly('model_edit'),
    remove: platformOnly('model_edit'),
  },
});
