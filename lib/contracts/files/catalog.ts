import { defineResource } from '../resource';
import { CONFIG_ACCESS } from './access';
import { NODE_RULE_FIELDS } from './rules';

/**
 * The catalogue library (001 §7.3): a tree of node templates with their default rules, tenant-owned. The list (one
 * level per `parentId`, with `hasChildren`) and the submit (the node's path, a parent fixed once created, the node as
 * the answer) are served by blade/modules/files/library.resource.ts; detail and remove are the generic ones.
 * `catalogName` is required by that submit (its refusal names the field: `catalogName:请输入目录名称`).
 */
export const fileCatalogResource = defineResource({
  key: 'fileConfig.catalog',
  table: 'blade_file_catalog',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    // Set by the submit's own rules (`0` for a top node; fixed once created), never edited as text.
    parentId: {
      column: 'parent_id',
      kind: 'text',
      label: 'fileConfig.catalog.parentId',
      max: 19,
      form: false,
    },
    nodePath: {
      column: 'node_path',
      kind: 'text',
      label: 'fileConfig.catalog.nodePath',
      max: 2000,
      form: false,
    },
    catalogName: {
      column: 'catalog_name',
      kind: 'text',
      label: 'fileConfig.catalog.catalogName',
      max: 200,
      search: 'like',
      sort: true,
    },
    catalogCode: {
      column: 'catalog_code',
      kind: 'text',
      label: 'fileConfig.catalog.catalogCode',
      max: 64,
      sort: true,
    },
    fileType: { column: 'file_type', kind: 'text', label: 'fileConfig.catalog.fileType', max: 32 },
    fileNodeProp: {
      column: 'file_node_prop',
      kind: 'text',
      label: 'fileConfig.catalog.fileNodeProp',
      max: 32,
    },
    fileNodeType: {
      column: 'file_node_type',
      kind: 'text',
      label: 'fileConfig.catalog.fileNodeType',
      max: 32,
    },
    sort: { column: 'sort', kind: 'int', label: 'fileConfig.catalog.sort', default: 0, sort: true },
    remark: { column: 'remark', kind: 'textarea', label: 'fileConfig.catalog.remark', max: 500 },
    // A library node's rules: the defaults of the trees built from it.
    ...NODE_RULE_FIELDS,
  },
  calls: {
    list: { method: 'GET', path: '/blade-resource/fileCatalog/list' },
    detail: { method: 'GET', path: '/blade-resource/fileCatalog/detail' },
    submit: { method: 'POST', path: '/blade-resource/fileCatalog/submit' },
    remove: { method: 'POST', path: '/blade-resource/fileCatalog/remove' },
  },
  access: CONFIG_ACCESS,
});
