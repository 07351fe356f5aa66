'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from '@/lib/zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { FormDialog } from '@/components/crud/form-dialog';
import type { CrudField, FieldOption } from '@/components/crud/types';
import { optionLabel } from './use-system-data';

type Field = { id: string; jdbcName: string } & Record<string, unknown>;

/** The generator reads a field's kind from its column type; names are the migration's and the API's. */
const JDBC_NAME = /^[a-z][a-z0-9_]*$/;
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * 字段配置 of a data model (`blade-develop/model-prototype/*`): the fields the generator turns into columns, form
 * fields, list columns and filters. Listed in their sort order; added, edited, viewed and removed one by one.
 */
export function ModelFieldsDialog({
  model,
  onClose,
}: {
  model: { id: string; modelName: string };
  onClose: () => void;
}) {
  const t = useTranslations('system.develop');
  const tc = useTranslations('system.common');
  const yesNo: FieldOption[] = [
    { value: 1, label: tc('yes') },
    { value: 0, label: tc('no') },
  ];
  const queryTypes: FieldOption[] = [
    { value: 'equal', label: t('queryEqual') },
    { value: 'like', label: t('queryLike') },
  ];
  const flag = (name: string, label: string): CrudField => ({ name, label, kind: 'select', options: yesNo });
  const fields: CrudField[] = [
    { name: 'jdbcName', label: t('jdbcName') },
    { name: 'comment', label: t('comment') },
    { name: 'jdbcType', label: t('jdbcType'), placeholder: 'character varying(255)' },
    { name: 'propertyName', label: t('propertyName'), placeholder: t('propertyNameHint') },
    flag('isRequired', t('isRequired')),
    flag('isForm', t('isForm')),
    flag('isList', t('isList')),
    flag('isQuery', t('isQuery')),
    { name: 'queryType', label: t('queryType'), kind: 'select', options: queryTypes },
    { name: 'dictCode', label: t('dictCode') },
    { name: 'sort', label: t('sort'), kind: 'number' },
  ];
  const schema = useMemo(
    () =>
      z.object({
        jdbcName: z.string().trim().min(1, t('jdbcNameRequired')).max(64).regex(JDBC_NAME, t('jdbcNameRule')),
        comment: z.string().trim().min(1, t('commentRequired')).max(255),
        jdbcType: z.string().trim().max(64).optional(),
        propertyName: z.union([
          z.literal(''),
          z.string().trim().max(64).regex(PROPERTY_NAME, t('propertyNameRule')),
        ]),
        sort: z.union([z.literal(''), z.number().int().min(0)]),
      }),
    [t],
  );
  const yes = (v: unknown) => optionLabel(yesNo, v);
  const columns: GridColDef<Field>[] = [
    { field: 'jdbcName', headerName: t('jdbcName'), flex: 1, minWidth: 130, sortable: true },
    { field: 'comment', headerName: t('comment'), flex: 1, minWidth: 120 },
    { field: 'jdbcType', headerName: t('jdbcType'), width: 170 },
    { field: 'isRequired', headerName: t('isRequired'), width: 70, valueGetter: (_, r) => yes(r.isRequired) },
    { field: 'isList', headerName: t('isList'), width: 70, valueGetter: (_, r) => yes(r.isList) },
    { field: 'isQuery', headerName: t('isQuery'), width: 70, valueGetter: (_, r) => yes(r.isQuery) },
    { field: 'sort', headerName: t('sort'), width: 70, sortable: true },
  ];
  return (
    <FormDialog open width={1100} title={t('fieldsTitle', { name: model.modelName })} onClose={onClose}>
      <CrudScreen<Field>
        title={t('fieldTitle')}
        api={{
          list: '/api/blade-develop/model-prototype/list',
          detail: '/api/blade-develop/model-prototype/detail',
          submit: '/api/blade-develop/model-prototype/submit',
          remove: '/api/blade-develop/model-prototype/remove',
        }}
        params={{ modelId: model.id }}
        pageSize={50}
        height={480}
        columns={columns}
        fields={fields}
        schema={schema}
        emptyValues={{
          jdbcName: '',
          comment: '',
          jdbcType: '',
          propertyName: '',
          isRequired: 0,
          isForm: 1,
          isList: 1,
          isQuery: 0,
          queryType: 'equal',
          dictCode: '',
          sort: '',
        }}
        searchFields={[{ name: 'jdbcName', label: t('jdbcName') }]}
        toBody={(v) => ({
          ...v,
          modelId: model.id,
          // Blank means "derive it": the column type defaults to varchar(255), the property to the camelCase name.
          jdbcType: v.jdbcType || undefined,
          propertyName: v.propertyName || undefined,
          sort: v.sort === '' ? undefined : v.sort,
        })}
        permissions={{ add: 'model_edit', edit: 'model_edit', delete: 'model_edit', view: 'model_view' }}
      />
    </FormDialog>
  );
}
