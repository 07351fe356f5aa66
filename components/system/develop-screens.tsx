'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { BladePage, FieldOption } from '@/components/crud/types';
import { withBasePath } from '@/lib/client/navigation';
import { codeResource } from '@/lib/contracts/develop/code';
import { datasourceResource } from '@/lib/contracts/develop/datasource';
import { modelResource } from '@/lib/contracts/develop/model';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { ModelFieldsDialog } from './model-fields-dialog';

type Row = { id: string } & Record<string, unknown>;

/** Options from a blade-develop list (datasources for models, models for generator records). */
function useOptions(path: string, label: string): FieldOption[] {
  const { data } = useSWR<BladePage<Row>>([path, { current: 1, size: 500 }]);
  return (data?.records ?? []).map((r) => ({ value: String(r.id), label: String(r[label] ?? r.id) }));
}

/** Datasources of the generator (platform administrator). The password is write-only. */
export function DatasourceScreen() {
  const t = useTranslations('system.develop');
  return (
    <ResourceScreen
      def={datasourceResource}
      viewCode="datasource_view"
      fields={{ url: { wide: true }, password: { placeholder: t('secretHint'), hiddenIn: ['view'] } }}
    />
  );
}

/** Data models: a table of a datasource described for the generator; 字段配置 edits the model's fields. */
export function ModelScreen() {
  const t = useTranslations('system.develop');
  const { can } = usePermissions();
  const [fieldsOf, setFieldsOf] = useState<{ id: string; modelName: string } | null>(null);
  const datasources = useOptions('/api/blade-develop/datasource/list', 'name');
  // Models are defined from an existing table; blade-develop reads its columns on creation.
  const { data: tables = [] } = useSWR<Array<{ tableName: string; comment: string }>>(
    '/api/blade-develop/model/table-list',
  );
  const tableOptions: FieldOption[] = tables.map((tb) => ({
    value: tb.tableName,
    label: tb.comment ? `${tb.tableName}（${tb.comment}）` : tb.tableName,
  }));
  return (
    <ResourceScreen
      def={modelResource}
      viewCode="model_view"
      fields={{
        datasourceId: { kind: 'select', options: datasources },
        modelTable: { kind: 'select', options: tableOptions, readOnlyIn: ['edit'] },
      }}
      overrides={{
        rowActions: [
          {
            label: t('fields'),
            hidden: !can('model_edit'),
            onClick: (row) => setFieldsOf({ id: row.id, modelName: row.modelName }),
          },
        ],
        toolbarExtra: () =>
          fieldsOf && <ModelFieldsDialog model={fieldsOf} onClose={() => setFieldsOf(null)} />,
      }}
    />
  );
}

/** Generator records; 代码生成 downloads the module (definition, migration, contract test, page, messages). */
export function CodeScreen() {
  const t = useTranslations('system.develop');
  const tc = useTranslations('system.common');
  const { can } = usePermissions();
  const models = useOptions('/api/blade-develop/model/list', 'modelName');
  return (
    <ResourceScreen
      def={codeResource}
      viewCode="code_view"
      fields={{
        modelId: { kind: 'select', options: models },
        isTenant: {
          kind: 'select',
          options: [
            { value: 1, label: tc('yes') },
            { value: 0, label: tc('no') },
          ],
        },
      }}
      overrides={{
        rowActions: [
          {
            label: t('generate'),
            hidden: !can('code_gen'),
            // A download: the browser saves the zip the portal streams from blade-develop.
            onClick: (row) =>
              window.open(
                withBasePath(`/api/blade-develop/code/gen-code?id=${encodeURIComponent(row.id)}`),
                '_blank',
                'noopener',
              ),
          },
        ],
      }}
    />
  );
}
