'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { BladePage, CrudField, FieldOption } from '@/components/crud/types';
import { withBasePath } from '@/lib/client/navigation';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { ModelFieldsDialog } from './model-fields-dialog';
import { requiredSchema } from './schema';

type Row = { id: string } & Record<string, unknown>;

/** Options from a blade-develop list (datasources for models, models for generator records). */
function useOptions(path: string, label: string): FieldOption[] {
  const { data } = useSWR<BladePage<Row>>([path, { current: 1, size: 500 }]);
  return (data?.records ?? []).map((r) => ({ value: String(r.id), label: String(r[label] ?? r.id) }));
}

function text(name: string, label: string, extra: Partial<CrudField> = {}): CrudField {
  return { name, label, ...extra };
}

function empty(fields: CrudField[]) {
  return Object.fromEntries(fields.map((f) => [f.name, '']));
}

/** Datasources of the generator (platform administrator). The password is write-only. */
export function DatasourceScreen() {
  const t = useTranslations('system.develop');
  const tc = useTranslations('system.common');
  const fields: CrudField[] = [
    text('name', t('dsName')),
    text('driverClass', t('driverClass')),
    text('url', t('url'), { wide: true }),
    text('username', t('username')),
    text('password', t('password'), { kind: 'password', placeholder: t('secretHint'), hiddenIn: ['view'] }),
    text('remark', tc('remark'), { kind: 'textarea' }),
  ];
  const columns: GridColDef<Row>[] = [
    { field: 'name', headerName: t('dsName'), width: 160 },
    { field: 'driverClass', headerName: t('driverClass'), width: 200 },
    { field: 'url', headerName: t('url'), flex: 1, minWidth: 240 },
    { field: 'username', headerName: t('username'), width: 120 },
  ];
  return (
    <CrudScreen<Row>
      title={t('datasourceTitle')}
      api={{
        list: '/api/blade-develop/datasource/list',
        detail: '/api/blade-develop/datasource/detail',
        submit: '/api/blade-develop/datasource/submit',
        remove: '/api/blade-develop/datasource/remove',
      }}
      columns={columns}
      fields={fields}
      schema={requiredSchema(fields, ['name', 'driverClass', 'url', 'username'], tc)}
      emptyValues={{ ...empty(fields), driverClass: 'org.postgresql.Driver' }}
      toForm={(row) => ({ ...row, password: '' })}
      toBody={(v) => {
        const { password, ...rest } = v;
        return password ? { ...rest, password } : rest;
      }}
      searchFields={[text('name', t('dsName'))]}
      permissions={{
        add: 'datasource_add',
        edit: 'datasource_edit',
        delete: 'datasource_delete',
        view: 'datasource_view',
      }}
    />
  );
}

/** Data models: a table of a datasource described for the generator; 字段配置 edits the model's fields. */
export function ModelScreen() {
  const t = useTranslations('system.develop');
  const tc = useTranslations('system.common');
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
  const fields: CrudField[] = [
    text('datasourceId', t('datasource'), { kind: 'select', options: datasources }),
    text('modelTable', t('modelTable'), { kind: 'select', options: tableOptions, readOnlyIn: ['edit'] }),
    text('modelName', t('modelName')),
    text('modelCode', t('modelCode')),
    text('modelClass', t('modelClass')),
    text('modelRemark', tc('remark'), { kind: 'textarea' }),
  ];
  const columns: GridColDef<Row>[] = [
    { field: 'modelName', headerName: t('modelName'), flex: 1, minWidth: 140 },
    { field: 'modelCode', headerName: t('modelCode'), width: 140 },
    { field: 'modelTable', headerName: t('modelTable'), width: 180 },
    { field: 'modelClass', headerName: t('modelClass'), width: 160 },
  ];
  return (
    <CrudScreen<Row>
      title={t('modelTitle')}
      api={{
        list: '/api/blade-develop/model/list',
        detail: '/api/blade-develop/model/detail',
        submit: '/api/blade-develop/model/submit',
        remove: '/api/blade-develop/model/remove',
      }}
      columns={columns}
      fields={fields}
      schema={requiredSchema(fields, ['modelTable', 'modelName', 'modelCode'], tc)}
      emptyValues={empty(fields)}
      searchFields={[text('modelName', t('modelName')), text('modelTable', t('modelTable'))]}
      permissions={{ add: 'model_add', edit: 'model_edit', delete: 'model_delete', view: 'model_view' }}
      rowActions={[
        {
          label: t('fields'),
          hidden: !can('model_edit'),
          onClick: (row) => setFieldsOf({ id: row.id, modelName: String(row.modelName ?? '') }),
        },
      ]}
      toolbarExtra={() =>
        fieldsOf && <ModelFieldsDialog model={fieldsOf} onClose={() => setFieldsOf(null)} />
      }
    />
  );
}

/** Generator records; 代码生成 downloads the module skeleton (migration, repository, routes, page, messages, tests). */
export function CodeScreen() {
  const t = useTranslations('system.develop');
  const tc = useTranslations('system.common');
  const { can } = usePermissions();
  const models = useOptions('/api/blade-develop/model/list', 'modelName');
  const fields: CrudField[] = [
    text('modelId', t('model'), { kind: 'select', options: models }),
    text('codeName', t('codeName')),
    text('serviceName', t('serviceName')),
    text('tableName', t('tableName')),
    text('pkName', t('pkName')),
    text('packageName', t('packageName')),
    text('isTenant', t('isTenant'), {
      kind: 'select',
      options: [
        { value: 1, label: tc('yes') },
        { value: 0, label: tc('no') },
      ],
    }),
    text('remark', tc('remark'), { kind: 'textarea' }),
  ];
  const columns: GridColDef<Row>[] = [
    { field: 'codeName', headerName: t('codeName'), flex: 1, minWidth: 140 },
    { field: 'serviceName', headerName: t('serviceName'), width: 140 },
    { field: 'tableName', headerName: t('tableName'), width: 180 },
    { field: 'packageName', headerName: t('packageName'), width: 160 },
  ];
  return (
    <CrudScreen<Row>
      title={t('codeTitle')}
      api={{
        list: '/api/blade-develop/code/list',
        detail: '/api/blade-develop/code/detail',
        submit: '/api/blade-develop/code/submit',
        remove: '/api/blade-develop/code/remove',
      }}
      columns={columns}
      fields={fields}
      schema={requiredSchema(fields, ['modelId', 'codeName', 'serviceName', 'tableName'], tc)}
      emptyValues={{ ...empty(fields), pkName: 'id', isTenant: 1 }}
      searchFields={[text('codeName', t('codeName')), text('tableName', t('tableName'))]}
      permissions={{ add: 'code_add', edit: 'code_edit', delete: 'code_delete', view: 'code_view' }}
      rowActions={[
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
      ]}
    />
  );
}
