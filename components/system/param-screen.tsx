'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField } from '@/components/crud/types';

interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}

/** Spec §2 / §5: the generic form; paramName, paramKey and paramValue required, checked on blur. */
export function ParamScreen() {
  const t = useTranslations('system');
  const schema = useMemo(
    () =>
      z.object({
        paramName: z.string().trim().min(1, t('param.nameRequired')),
        paramKey: z.string().trim().min(1, t('param.keyRequired')),
        paramValue: z.string().trim().min(1, t('param.valueRequired')),
        remark: z.string().optional(),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'paramName', label: t('param.paramName') },
    { name: 'paramKey', label: t('param.paramKey') },
    { name: 'paramValue', label: t('param.paramValue'), kind: 'textarea' },
    { name: 'remark', label: t('common.remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Param>[] = [
    { field: 'paramName', headerName: t('param.paramName'), flex: 1, minWidth: 160, sortable: true },
    { field: 'paramKey', headerName: t('param.paramKey'), flex: 1, minWidth: 160, sortable: true },
    { field: 'paramValue', headerName: t('param.paramValue'), flex: 1, minWidth: 160 },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 120 },
  ];
  return (
    <CrudScreen<Param>
      title={t('param.title')}
      api={{
        list: '/api/blade-system/param/list',
        detail: '/api/blade-system/param/detail',
        submit: '/api/blade-system/param/submit',
        remove: '/api/blade-system/param/remove',
      }}
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{ paramName: '', paramKey: '', paramValue: '', remark: '' }}
      searchFields={[
        { name: 'paramName', label: t('param.paramName') },
        { name: 'paramKey', label: t('param.paramKey') },
      ]}
      permissions={{ add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' }}
    />
  );
}
