import { defineResource, menuAccess, SORT_ORDER, standardCalls, type AccessRule } from '../resource';

/**
 * Dictionaries (spec §2, contract §7.5): header rows (parent 0, key -1) and the items below them, which carry their
 * header's code. System dictionaries (`/dict`, blade_dict) are platform-wide: the platform administrator writes them,
 * tenant administrators read them. Business dictionaries (`/dict-biz`, blade_dict_biz) are each tenant's own. What
 * the definition cannot say (a header's code is required and an item's key; sealing; the code and parent fixed) is in
 * blade/modules/system/dict/dict.resource.ts.
 */
const fields = {
  // Chosen on add only: an item hangs below it; 0 (or none) makes a header.
  parentId: {
    kind: 'text',
    label: 'system.dict.parent',
    max: 20,
    pattern: { regex: /^(0|[1-9]\d{0,18})$/, message: 'common.validation.ids' },
    acceptsNumber: true,
    default: '0',
    list: false,
    sort: true,
  },
  code: { kind: 'text', label: 'system.dict.code', max: 255, search: 'like', sort: true },
  // The order of the required checks is the spec's: name, then sort, then the code or key (dict.resource.ts).
  dictValue: {
    kind: 'text',
    label: 'system.dict.name',
    max: 255,
    required: 'system.dict.nameRequired',
    search: 'like',
    sort: true,
  },
  dictKey: { kind: 'text', label: 'system.dict.key', max: 255, acceptsNumber: true, sort: true },
  sort: { kind: 'int', label: 'system.dict.sort', required: 'system.dict.sortRequired', sort: true },
  isSealed: { kind: 'flag', label: 'system.dict.sealed', default: 0 },
  remark: { kind: 'textarea', label: 'system.common.remark', max: 255 },
} as const;

// The grid of headers; `list` (the whole tree) and `child-list` are actions.
const calls = (service: 'dict' | 'dict-biz') =>
  standardCalls(`/blade-system/${service}`, { list: 'parent-list' });

const unique = [{ fields: ['code', 'dictKey'], message: 'system.dict.keyTaken' }] as const;

const platform: AccessRule = { role: 'platform' };

export const dictResource = defineResource({
  key: 'system.dict',
  table: 'blade_dict',
  ownership: 'global',
  defaultOrder: SORT_ORDER,
  fields,
  unique,
  calls: calls('dict'),
  access: { read: { codes: ['dict'] }, add: platform, edit: platform, remove: platform },
  menu: {
    code: 'dict',
    name: '系统字典',
    path: '/system/dict',
    icon: 'menu_book',
    parent: 'system',
    sort: 4,
    platformWrites: true,
  },
});

export const dictBizResource = defineResource({
  key: 'system.dictBiz',
  table: 'blade_dict_biz',
  ownership: 'tenant',
  defaultOrder: SORT_ORDER,
  fields,
  unique,
  calls: calls('dict-biz'),
  access: menuAccess('dictbiz'),
  menu: {
    code: 'dictbiz',
    name: '业务字典',
    path: '/system/dictbiz',
    icon: 'library_books',
    parent: 'system',
    sort: 5,
  },
});

/**
 * The two forms of a dictionary screen: a header needs its code and an item its key. blade/ applies the same rule in
 * its hook; the shared definition cannot require either, since one submit call serves both.
 */
export function dictForms(def: typeof dictResource) {
  const { code, dictKey } = def.fields;
  return {
    header: { ...def, fields: { ...def.fields, code: { ...code, required: 'system.dict.codeRequired' } } },
    item: { ...def, fields: { ...def.fields, dictKey: { ...dictKey, required: 'system.dict.keyRequired' } } },
  };
}
