import { defineResource, type FieldDef } from '../resource';
import { CONFIG_ACCESS } from './access';

/**
 * A catalogue node's rules a preset may override: a blank value inherits the library node's own (stored as null;
 * blade/modules/files/config.resource.ts keeps the null and checks the ranges).
 */
const overrides = {
  canAddAppNode: { column: 'can_add_app_node', kind: 'flag', label: 'fileConfig.rules.canAddAppNode' },
  canUpload: { column: 'can_upload', kind: 'flag', label: 'fileConfig.rules.canUpload' },
  mustUpload: { column: 'must_upload', kind: 'flag', label: 'fileConfig.rules.mustUpload' },
  canCover: { column: 'can_cover', kind: 'flag', label: 'fileConfig.rules.canCover' },
  canDownload: { column: 'can_download', kind: 'flag', label: 'fileConfig.rules.canDownload' },
  canView: { column: 'can_view', kind: 'flag', label: 'fileConfig.rules.canView' },
  canDel: { column: 'can_del', kind: 'flag', label: 'fileConfig.rules.canDel' },
  canMultiUpload: { column: 'can_multi_upload', kind: 'int', label: 'fileConfig.rules.canMultiUpload' },
  maxFileSize: { column: 'max_file_size', kind: 'int', label: 'fileConfig.rules.maxFileSize' },
  needStamped: { column: 'need_stamped', kind: 'flag', label: 'fileConfig.rules.needStamped' },
} as const satisfies Record<string, FieldDef>;

/** Inclusive ranges of the preset's numbers (the upload limits and the sort), checked by blade/. */
export const PRESET_RANGES = { canMultiUpload: 1000, maxFileSize: 500, sort: 1_000_000 } as const;

/**
 * A function's preset (001 §7.3): which library subtree the function's records get, in which order, with rules that
 * override the library node's. The list answers the node's `catalogName` too (a join, served by blade/ itself).
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
      column: 'function_code',
      kind: 'text',
      label: 'fileConfig.preset.function',
      max: 64,
      required: 'fileConfig.function.codeRequired',
      search: 'eq',
      sort: true,
    },
    fileCatalogId: {
      column: 'file_catalog_id',
      kind: 'text',
      label: 'fileConfig.preset.fileCatalogId',
      max: 19,
      pattern: { regex: /^[1-9]\d{0,18}$/, message: 'common.validation.ids' },
      acceptsNumber: true,
      required: 'fileConfig.preset.catalogRequired',
    },
    sort: { column: 'sort', kind: 'int', label: 'fileConfig.catalog.sort', default: 0, sort: true },
    ...overrides,
  },
  unique: [{ fields: ['functionCode', 'fileCatalogId'], message: 'fileConfig.preset.taken' }],
  calls: {
    list: { method: 'GET', path: '/blade-resource/filePreset/list' },
    detail: { method: 'GET', path: '/blade-resource/filePreset/detail' },
    submit: { method: 'POST', path: '/blade-resource/filePreset/submit' },
    remove: { method: 'POST', path: '/blade-resource/filePreset/remove' },
  },
  access: CONFIG_ACCESS,
});

/** The override fields by name, for blade/'s hook and the preset form. */
export const PRESET_OVERRIDES = Object.keys(overrides) as (keyof typeof overrides)[];
