import { defineResource, standardCalls } from '../resource';
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
      kind: 'text',
      max: 64,
      required: 'fileConfig.function.codeRequired',
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'fileConfig.function.codePattern' },
      search: 'like',
      sort: true,
    },
    functionName: {
      kind: 'text',
      max: 100,
      required: 'fileConfig.function.nameRequired',
      search: 'like',
      sort: true,
    },
    usePosition: { kind: 'text', max: 200, sort: true },
    isHidden: { kind: 'flag', default: 0 },
  },
  unique: [{ fields: ['functionCode'], message: 'fileConfig.function.codeTaken' }],
  calls: standardCalls('/blade-resource/fileFunction'),
  access: CONFIG_ACCESS,
});
