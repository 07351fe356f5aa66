import { defineResource } from '../resource';
import { CONFIG_ACCESS } from './access';

/**
 * File functions (/system/fileConfiguration_detail, 001 §7.3), tenant-owned: the business record kinds (`contract`,
 * `project`…) whose records get a file tree from the presets. Clients may also send and read `is_hidden`
 * (hooks in blade/modules/files/config.resource.ts).
 */
export const fileFunctionResource = defineResource({
  key: 'fileConfig.function',
  table: 'blade_file_function',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'function_code', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    functionCode: {
      column: 'function_code',
      kind: 'text',
      label: 'fileConfig.function.functionCode',
      max: 64,
      required: 'fileConfig.function.codeRequired',
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'fileConfig.function.codePattern' },
      search: 'like',
      sort: true,
    },
    functionName: {
      column: 'function_name',
      kind: 'text',
      label: 'fileConfig.function.functionName',
      max: 100,
      required: 'fileConfig.function.nameRequired',
      search: 'like',
      sort: true,
    },
    usePosition: {
      column: 'use_position',
      kind: 'text',
      label: 'fileConfig.function.usePosition',
      max: 200,
      sort: true,
    },
    isHidden: { column: 'is_hidden', kind: 'flag', label: 'fileConfig.function.isHidden', default: 0 },
  },
  unique: [{ fields: ['functionCode'], message: 'fileConfig.function.codeTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-resource/fileFunction/list' },
    detail: { method: 'GET', path: '/blade-resource/fileFunction/detail' },
    submit: { method: 'POST', path: '/blade-resource/fileFunction/submit' },
    remove: { method: 'POST', path: '/blade-resource/fileFunction/remove' },
  },
  access: CONFIG_ACCESS,
});
