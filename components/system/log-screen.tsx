'use client';

import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { ResourceDef } from '@/lib/contracts/resource';
import { apiLogResource, errorLogResource, usualLogResource } from '@/lib/contracts/system/log';

export type LogKind = 'usual' | 'api' | 'error';

const DEFS = { usual: usualLogResource, api: apiLogResource, error: errorLogResource };
/** The field that plays "type" for each log (blade-log filters by it). */
const TYPE_FIELD = { usual: 'logLevel', api: 'type', error: 'exceptionName' } as const;

/**
 * Usual, API and error logs (administrators only, read-only): a page filtered by type and time, and the full record
 * (params, stack trace, data) in the detail view — list rows leave the bulky fields out.
 */
export function LogScreen({ kind }: { kind: LogKind }) {
  const t = useTranslations('system.log');
  const typeField = TYPE_FIELD[kind];
  const first = ['serviceId', typeField, 'title', 'requestUri', 'method', 'remoteIp'];
  return (
    <ResourceScreen
      // The three definitions differ in their type fields: the screen names fields as plain strings.
      def={DEFS[kind] as ResourceDef}
      viewCode={`log_${kind}_view`}
      fields={{ tenantId: false }}
      columns={{ requestUri: { minWidth: 200 }, createTime: { width: 170, flex: 0 } }}
      order={{ list: first, form: first }}
      overrides={{
        title: t(`title_${kind}`),
        buttons: { add: false, edit: false, delete: false },
        searchFields: [
          { name: typeField, label: t(`type_${kind}`) },
          { name: 'requestUri', label: t('requestUri') },
          { name: 'createTimeBegin', label: t('begin'), kind: 'date' },
          { name: 'createTimeEnd', label: t('end'), kind: 'date' },
        ],
        // A chosen end day includes that whole day.
        mapFilters: (f) => ({
          ...f,
          createTimeEnd:
            typeof f.createTimeEnd === 'string' ? f.createTimeEnd.slice(0, 10) + ' 23:59:59' : undefined,
        }),
      }}
    />
  );
}
