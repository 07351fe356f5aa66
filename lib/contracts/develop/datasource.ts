import { defineResource, menuAccess, standardCalls } from '../resource';

/** Datasources of the code generator. The password is stored and never answered (`passwordSet` tells). */
export const datasourceResource = defineResource({
  key: 'develop.datasource',
  table: 'blade_datasource',
  ownership: 'global',
  fields: {
    name: {
      kind: 'text',
      label: 'system.develop.dsName',
      max: 100,
      required: 'develop.datasource.nameRequired',
      search: 'like',
      sort: true,
    },
    driverClass: {
      kind: 'text',
      label: 'system.develop.driverClass',
      max: 100,
      default: 'org.postgresql.Driver',
    },
    url: { kind: 'text', label: 'system.develop.url', max: 500, required: 'develop.datasource.urlRequired' },
    username: { kind: 'text', label: 'system.develop.username', max: 45 },
    password: { kind: 'text', label: 'system.develop.password', max: 500, writeOnly: true, list: false },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
  },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: standardCalls('/blade-develop/datasource'),
  access: menuAccess('datasource', { role: 'platform' }),
  menu: {
    code: 'datasource',
    name: '数据源管理',
    path: '/tool/datasource',
    icon: 'storage',
    parent: 'tool',
    sort: 3,
    platform: true,
    platformWrites: true,
  },
});
