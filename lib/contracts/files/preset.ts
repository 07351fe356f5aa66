import { defineResource, standardCalls } from '../resource';
import { CONFIG_ACCESS } from './access';
import { NODE_RULE_FIELDS } from './rules';

/**
 * A function's preset (001 §7.3): which library subtree the function's records get, in which order, with rules that
 * override the library node's. The list and the detail answer the node's `catalogName` too (blade/'s hook).
 */
export const filePresetResource = defineResource({
  key: 'fileConfig.preset',
  table: 'blade_file_preset',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'function_code', direction: 'asc' },
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    functionCode: {
      kind: 'text',
      label: 'fileConfig.preset.function',
      max: 64,
      required: 'fileConfig.function.codeRequired',
      search: 'eq',
      sort: true,
    },
    fileCatalogId: {
      kind: 'text',
      max: 19,
      pattern: { regex: /^[1-9]\d{0,18}$/, message: 'common.validation.ids' },
      acceptsNumber: true,
      required: 'fileConfig.preset.catalogRequired',
    },
    sort: { kind: 'int', label: 'fileConfig.catalog.sort', default: 0, sort: true },
    // The library node's rules a preset may override: a blank value inherits the node's own (stored as null;
    // blade/modules/files/config.resource.ts keeps the null and checks the ranges).
    ...NODE_RULE_FIELDS,
  },
  unique: [{ fields: ['functionCode', 'fileCatalogId'], message: 'fileConfig.preset.taken' }],
  calls: standardCalls('/blade-resource/filePreset'),
  access: CONFIG_ACCESS,
});

/** The override fields by name, for blade/'s hook and the preset form. */
export const PRESET_OVERRIDES = Object.keys(NODE_RULE_FIELDS) as (keyof typeof NODE_RULE_FIELDS)[];
