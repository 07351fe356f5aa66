import { defineResource, standardCalls } from '../resource';

/**
 * Attachments (BladeX's attachment screen): the tenant's stored files (`kind = 'file'`), for its administrators. No
 * add (files arrive through the upload calls); a submit renames a file (the stored key never changes); the remove is
 * the resource's own (stamped files are kept, the others removed).
 */
export const attachResource = defineResource({
  key: 'system.attach',
  table: 'blade_file',
  ownership: 'tenant',
  fixed: { kind: 'file' },
  idPattern: { regex: /^[0-9a-f]{32}$/, message: 'system.attach.idInvalid' },
  defaultOrder: [
    { column: 'create_time', direction: 'desc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    originalName: {
      column: 'original_filename',
      kind: 'text',
      max: 255,
      required: 'system.attach.nameRequired',
      sort: true,
      sortAs: 'original_name',
    },
    name: { column: 'object_key', kind: 'text', max: 255, form: false, list: false },
    extension: { column: 'suffix', kind: 'text', max: 16, form: false, sort: true, sortAs: 'extension' },
    // Answered as a number by blade/'s hook (the column is a bigint).
    attachSize: { column: 'size', kind: 'int', form: false, sort: true, sortAs: 'attach_size' },
  },
  calls: standardCalls('/blade-resource/attach'),
  access: {
    read: { role: 'admin' },
    add: { role: 'admin' },
    edit: { role: 'admin' },
    remove: { role: 'admin' },
  },
});
