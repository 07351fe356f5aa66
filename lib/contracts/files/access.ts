import type { ResourceDef } from '../resource';

/**
 * Who may use the file configuration (functions, catalogue library, presets): every user of the tenant reads it (the
 * archive screens pick a function and build trees from it), its administrators change it.
 */
export const CONFIG_ACCESS: ResourceDef['access'] = {
  read: {},
  add: { role: 'admin' },
  edit: { role: 'admin' },
  remove: { role: 'admin' },
};
