import { defineResource, SORT_ORDER, standardCalls } from '../resource';
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
  defaultOrder: SORT_ORDER,
  fields: {
    // Set by the submit's own rules (`0` for a top node; fixed once created), never edited as text.
    parentId: { kind: 'text', max: 19, form: false },
    nodePath: { kind: 'text', max: 2000, form: false },
    catalogName: { kind: 'text', max: 200, search: 'like', sort: true },
    catalogCode: { kind: 'text', max: 64, sort: true },
    fileType: { kind: 'text', max: 32 },
    fileNodeProp: { kind: 'text', max: 32 },
    fileNodeType: { kind: 'text', max: 32 },
    sort: { kind: 'int', default: 0, sort: true },
    remark: { kind: 'textarea', max: 500 },
    // A library node's rules: the defaults of the trees built from it.
    ...NODE_RULE_FIELDS,
  },
  calls: standardCalls('/blade-resource/fileCatalog'),
  access: CONFIG_ACCESS,
});
