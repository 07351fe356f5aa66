'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField } from '@/components/crud/types';

export type LogKind = 'usual' | 'api' | 'error';

interface LogRow {
  id: string;
  serviceId: string;
  requestUri: string;
  method: string;
  remoteIp: string;
  createBy: string;
  createTime: string;
  type?: string;
  title?: string;
  logLevel?: string;
  exceptionName?: string;
  time?: string;
}

/** The field that plays "type" for each log (blade-log filters by it). */
const TYPE_FIELD: Record<LogKind, keyof LogRow> = { usual: 'logLevel', api: 'type', error: 'exceptionName' };
const none = z.object({});

/**
 * Usual, API and error logs (administrators only): a page filtered by time and type, and the full record (params,
 * stack trace, data) in the detail view — list rows leave the bulky fields out.
 */
export function LogScreen({ kind }: { kind: LogKind }) {
  const t = useTranslations('system.log');
  const typeField = TYPE_FIELD[kind];
  const common: CrudField[] = [
    { name: 'serviceId', label: t('serviceId') },
    { name: typeField, label: t(`type_${kind}`) },
    ...(kind === 'api' ? [{ name: 'title', label: t('title_api_field') }] : []),
    { name: 'requestUri', label: t('requestUri'), wide: true },
    { name: 'method', label: t('method') },
    { name: 'remoteIp', label: t('remoteIp') },
    { name: 'serverHost', label: t('serverHost') },
    { name: 'serverIp', label: t('serverIp') },
    { name: 'env', label: t('env') },
    { name: 'time', label: t('time') },
    { name: 'createBy', label: t('createBy') },
    { name: 'createTime', label: t('createTime') },
    { name: 'userAgent', label: t('userAgent'), wide: true },
    { name: 'methodClass', label: t('methodClass'), wide: true },
    { name: 'methodName', label: t('methodName') },
    { name: 'params', label: t('params'), kind: 'textarea' },
  ];
  const extra: CrudField[] =
    kind === 'usual'
      ? [
          { name: 'logId', label: t('logId') },
          { name: 'logData', label: t('logData'), kind: 'textarea' },
        ]
      : kind === 'error'
        ? [
            { name: 'fileName', label: t('fileName') },
            { name: 'lineNumber', label: t('lineNumber') },
            { name: 'message', label: t('message'), kind: 'textarea' },
            { name: 'stackTrace', label: t('stackTrace'), kind: 'textarea' },
          ]
        : [];
  const columns: GridColDef<LogRow>[] = [
    { field: 'serviceId', headerName: t('serviceId'), width: 140 },
    { field: typeField, headerName: t(`type_${kind}`), width: 150 },
    ...(kind === 'api'
      ? [{ field: 'title', headerName: t('title_api_field'), width: 140 } as GridColDef<LogRow>]
      : []),
    { field: 'requestUri', headerName: t('requestUri'), flex: 1, minWidth: 200 },
    { field: 'method', headerName: t('method'), width: 80 },
    { field: 'remoteIp', headerName: t('remoteIp'), width: 130 },
    { field: 'createBy', headerName: t('createBy'), width: 110 },
    { field: 'createTime', headerName: t('createTime'), width: 170, sortable: true },
  ];
  return (
    <CrudScreen<LogRow>
      title={t(`title_${kind}`)}
      api={{ list: `/api/blade-log/${kind}/list`, detail: `/api/blade-log/${kind}/detail` }}
      columns={columns}
      fields={[...common, ...extra]}
      schema={none}
      emptyValues={{}}
      buttons={{ add: false, edit: false, delete: false }}
      permissions={{ view: `log_${kind}_view` }}
      searchFields={[
        { name: typeField, label: t(`type_${kind}`) },
        { name: 'requestUri', label: t('requestUri') },
        { name: 'createTimeBegin', label: t('begin'), kind: 'date' },
        { name: 'createTimeEnd', label: t('end'), kind: 'date' },
      ]}
      // A chosen end day includes that whole day.
      mapFilters={(f) => ({
        ...f,
        createTimeEnd:
          typeof f.createTimeEnd === 'string' ? f.createTimeEnd.slice(0, 10) + ' 23:59:59' : undefined,
      })}
    />
  );
}
