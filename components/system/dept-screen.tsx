'use client';

import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, FieldOption } from '@/components/crud/types';
import { optionLabel, useDeptTree } from './use-system-data';

interface Dept {
  id: string;
  parentId: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  sort: number;
  remark: string;
  depth?: number;
}

/** Departments as a tree (deptCategory, parentId); the parent picker is the caller's tenant's department tree. */
export function DeptScreen() {
  const t = useTranslations('system.dept');
  const tc = useTranslations('system.common');
  const { data: deptTree = [], mutate: reloadTree } = useDeptTree();
  const categories: FieldOption[] = [1, 2, 3].map((v) => ({ value: v, label: t(`category${v}`) }));
  const schema = useMemo(
    () =>
      z.object({
        deptName: z.string().trim().min(1, t('nameRequired')).max(45),
        fullName: z.string().trim().min(1, t('fullNameRequired')).max(45),
        deptCategory: z.number({ error: t('categoryRequired') }),
        sort: z
          .number({ error: t('sortRequired') })
          .int(t('sortRequired'))
          .min(0, t('sortRequired')),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'deptName', label: t('deptName') },
    { name: 'fullName', label: t('fullName') },
    { name: 'parentId', label: t('parent'), kind: 'tree', tree: deptTree },
    { name: 'deptCategory', label: t('category'), kind: 'select', options: categories },
    { name: 'sort', label: tc('sort'), kind: 'number' },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Dept>[] = [
    {
      field: 'deptName',
      headerName: t('deptName'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <Box sx={{ pl: (row.depth ?? 0) * 2 }}>{row.deptName}</Box>,
    },
    { field: 'fullName', headerName: t('fullName'), flex: 1, minWidth: 160 },
    {
      field: 'deptCategory',
      headerName: t('category'),
      width: 100,
      valueGetter: (_, row) => optionLabel(categories, row.deptCategory),
    },
    { field: 'sort', headerName: tc('sort'), width: 70 },
  ];
  return (
    <CrudScreen<Dept>
      title={t('title')}
      api={{
        list: '/api/blade-system/dept/list',
        detail: '/api/blade-system/dept/detail',
        submit: '/api/blade-system/dept/submit',
        remove: '/api/blade-system/dept/remove',
      }}
      paged={false}
      tree
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{ deptName: '', fullName: '', parentId: '0', deptCategory: 2, sort: 1, remark: '' }}
      searchFields={[{ name: 'deptName', label: t('deptName') }]}
      permissions={{ add: 'dept_add', edit: 'dept_edit', delete: 'dept_delete', view: 'dept_view' }}
      toBody={(v) => ({
        id: v.id,
        deptName: v.deptName,
        fullName: v.fullName,
        parentId: v.parentId || '0',
        deptCategory: v.deptCategory,
        sort: v.sort,
        remark: v.remark ?? '',
      })}
      onSaved={() => void reloadTree()}
    />
  );
}
