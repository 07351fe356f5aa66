import { defineResource, NO_WRITES, type FieldDef, type Fields } from '../resource';

/**
 * The usual, API and error logs (contract §7.13): read-only pages of the tenant's log rows, for tenant administrators.
 * The tables have no BaseEntity columns; list rows leave out the bulky fields, the detail has them all. Lists are
 * ordered by create_time ascending (id breaks ties), filtered by a time range and by the field that plays "type".
 * Nothing is written through them: the fields are the detail view's, not a form's.
 */

const text = (column: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  column,
  kind: 'text',
  label: `system.log.${label}`,
  // Search values are fragments of at most 255 characters; stored text is cut by whoever writes the log.
  max: 255,
  ...extra,
});

const commonFields = {
  tenantId: text('tenant_id', 'tenantId', { list: false }),
  serviceId: text('service_id', 'serviceId', { search: 'eq', sort: true }),
  serverHost: text('server_host', 'serverHost', { list: false }),
  serverIp: text('server_ip', 'serverIp', { list: false }),
  env: text('env', 'env', { list: false }),
  method: text('method', 'method'),
  requestUri: text('request_uri', 'requestUri', { search: 'like', sort: true }),
  userAgent: text('user_agent', 'userAgent', { list: false }),
  remoteIp: text('remote_ip', 'remoteIp', { sort: true }),
  methodClass: text('method_class', 'methodClass', { list: false }),
  methodName: text('method_name', 'methodName', { list: false }),
  params: text('params', 'params', { kind: 'textarea', list: false, detailOnly: true }),
  time: text('time', 'time', { list: false }),
  createBy: text('create_by', 'createBy', { search: 'eq', sort: true }),
  // Answered formatted by blade/'s hook.
  createTime: text('create_time', 'createTime', { sort: true }),
} satisfies Fields;

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

const calls = (kind: string) =>
  ({
    list: { method: 'GET', path: `/blade-log/${kind}/list` },
    detail: { method: 'GET', path: `/blade-log/${kind}/detail` },
    ...NO_WRITES.calls,
  }) as const;

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
    logLevel: text('log_level', 'type_usual', { search: 'eq', searchAliases: ['type'] }),
    logId: text('log_id', 'logId', { list: false }),
    logData: text('log_data', 'logData', { kind: 'textarea', list: false, detailOnly: true }),
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
    type: text('type', 'type_api', { search: 'eq' }),
    title: text('title', 'title_api_field'),
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
    exceptionName: text('exception_name', 'type_error', { search: 'eq', searchAliases: ['type'] }),
    fileName: text('file_name', 'fileName', { list: false }),
    lineNumber: { column: 'line_number', kind: 'int', label: 'system.log.lineNumber', list: false },
    message: text('message', 'message', { kind: 'textarea', list: false, detailOnly: true }),
    stackTrace: text('stack_trace', 'stackTrace', { kind: 'textarea', list: false, detailOnly: true }),
  },
  calls: calls('error'),
  menu: menu('error', '错误日志', 'error_outline', 3),
});
