import { defineResource, SORT_ORDER, standardCalls } from '../resource';
import { platformOnly } from './access';

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
      kind: 'text',
      label: 'system.develop.model',
      max: 20,
      required: 'develop.code.modelRequired',
      search: 'eq',
      list: false,
    },
    jdbcName: {
      kind: 'text',
      label: 'system.develop.jdbcName',
      max: 64,
      required: 'system.develop.jdbcNameRequired',
      search: 'like',
      sort: true,
    },
    comment: { kind: 'text', label: 'system.develop.comment', max: 255 },
    jdbcType: { kind: 'text', label: 'system.develop.jdbcType', max: 64, default: 'character varying(255)' },
    propertyType: { kind: 'text', max: 64, default: 'string', list: false },
    propertyName: { kind: 'text', label: 'system.develop.propertyName', max: 64, sort: true },
    isForm: { kind: 'flag', label: 'system.develop.isForm', default: 1 },
    isRow: { kind: 'flag', default: 0, list: false },
    componentType: { kind: 'text', max: 32, default: 'input', list: false },
    dictCode: { kind: 'text', label: 'system.develop.dictCode', max: 64, list: false },
    isRequired: { kind: 'flag', label: 'system.develop.isRequired', default: 0 },
    isList: { kind: 'flag', label: 'system.develop.isList', default: 1 },
    isQuery: { kind: 'flag', label: 'system.develop.isQuery', default: 0 },
    queryType: { kind: 'text', label: 'system.develop.queryType', max: 16, default: 'equal', list: false },
    sort: { kind: 'int', label: 'system.develop.sort', default: 0, sort: true },
  },
  defaultOrder: SORT_ORDER,
  calls: standardCalls('/blade-develop/model-prototype'),
  access: {
    read: platformOnly('model'),
    add: platformOnly('model_edit'),
    edit: platformOnly('model_edit'),
    remove: platformOnly('model_edit'),
  },
});
