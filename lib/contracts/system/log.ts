import { defineResource, NO_WRITES, standardCalls, type FieldSpec, type FieldSpecs } from '../resource';

/**
 * The usual, API and error logs (contract §7.13): read-only pages of the tenant's log rows, for tenant administrators.
 * The tables have no BaseEntity columns; list rows leave out the bulky fields, the detail has them all. Lists are
 * ordered by create_time ascending (id breaks ties), filtered by a time range and by the field that plays "type".
 * Nothing is written through them: the fields are the detail view's, not a form's.
 */

const text = (extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'text',
  // Search values are fragments of at most 255 characters; stored text is cut by whoever writes the log.
  max: 255,
  ...extra,
});
const bulky = { kind: 'textarea', list: false, detailOnly: true } as const;

const commonFields = {
  tenantId: text({ list: false }),
  serviceId: text({ search: 'eq', sort: true }),
  serverHost: text({ list: false }),
  serverIp: text({ list: false }),
  env: text({ list: false }),
  method: text(),
  requestUri: text({ search: 'like', sort: true }),
  userAgent: text({ list: false }),
  remoteIp: text({ sort: true }),
  methodClass: text({ list: false }),
  methodName: text({ list: false }),
  params: text(bulky),
  time: text({ list: false }),
  createBy: text({ search: 'eq', sort: true }),
  // Answered formatted by blade/'s hook.
  createTime: text({ sort: true }),
} satisfies FieldSpecs;

const shared = {
  ownership: 'tenant',
  audit: false,
  readOnly: true,
  stableOrder: true,
  defaultOrder: [
    { column: 'create_time', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  dateRange: {
    column: 'create_time',
    from: 'createTimeBegin',
    to: 'createTimeEnd',
    invalid: 'system.log.dateInvalid',
    reversed: 'system.log.rangeReversed',
  },
  access: { read: { role: 'admin' }, ...NO_WRITES.access },
} as const;

const calls = (kind: string) => ({ ...standardCalls(`/blade-log/${kind}`), ...NO_WRITES.calls });

const menu = (kind: string, name: string, icon: string, sort: number) => ({
  code: `log_${kind}`,
  name,
  path: `/monitor/log/${kind}`,
  icon,
  parent: 'log',
  sort,
});

export const usualLogResource = defineResource({
  ...shared,
  key: 'system.log',
  table: 'blade_log_usual',
  fields: {
    ...commonFields,
    logLevel: text({ label: 'system.log.type_usual', search: 'eq', searchAliases: ['type'] }),
    logId: text({ list: false }),
    logData: text(bulky),
  },
  calls: calls('usual'),
  menu: menu('usual', '通用日志', 'article', 1),
});

export const apiLogResource = defineResource({
  ...shared,
  key: 'system.log',
  table: 'blade_log_api',
  fields: {
    ...commonFields,
    type: text({ label: 'system.log.type_api', search: 'eq' }),
    title: text({ label: 'system.log.title_api_field' }),
  },
  calls: calls('api'),
  menu: menu('api', '接口日志', 'http', 2),
});

export const errorLogResource = defineResource({
  ...shared,
  key: 'system.log',
  table: 'blade_log_error',
  fields: {
    ...commonFields,
    exceptionName: text({ label: 'system.log.type_error', search: 'eq', searchAliases: ['type'] }),
    fileName: text({ list: false }),
    lineNumber: { kind: 'int', list: false },
    message: text(bulky),
    stackTrace: text(bulky),
  },
  calls: calls('error'),
  menu: menu('error', '错误日志', 'error_outline', 3),
});
