'use client';

import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, FieldOption } from '@/components/crud/types';
import { useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { IconPicker, MenuIcon } from './icon-picker';
import { optionLabel, useMenuTree } from './use-system-data';

interface Menu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  depth?: number;
}

/** Menus and buttons as a tree; icons from the local picker. Every write refreshes the navigation without re-login. */
export function MenuScreen() {
  const t = useTranslations('system.menu');
  const tc = useTranslations('system.common');
  const revalidate = useRevalidateNavigation();
  const { data: menuTree = [], mutate: reloadTree } = useMenuTree();
  const categories: FieldOption[] = [
    { value: 1, label: t('categoryMenu') },
    { value: 2, label: t('categoryButton') },
  ];
  const actions: FieldOption[] = [0, 1, 2, 3].map((v) => ({ value: v, label: t(`action${v}`) }));
  const yesNo: FieldOption[] = [
    { value: 1, label: tc('no') },
    { value: 2, label: tc('yes') },
  ];
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t('nameRequired')).max(255),
        code: z.string().trim().min(1, t('codeRequired')).max(255),
        path: z.string().trim().max(255).optional(),
        category: z.number({ error: t('categoryRequired') }),
        sort: z
          .number({ error: t('sortRequired') })
          .int(t('sortRequired'))
          .min(0, t('sortRequired')),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'name', label: t('name') },
    { name: 'code', label: t('code') },
    { name: 'parentId', label: t('parent'), kind: 'tree', tree: menuTree },
    { name: 'category', label: t('category'), kind: 'select', options: categories },
    { name: 'path', label: t('path') },
    { name: 'alias', label: t('alias') },
    {
      name: 'source',
      label: t('source'),
      kind: 'custom',
      render: ({ value, onChange, onBlur, disabled, error }) => (
        <IconPicker
          label={t('source')}
          value={String(value ?? '')}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          error={error}
        />
      ),
    },
    { name: 'action', label: t('action'), kind: 'select', options: actions },
    { name: 'isOpen', label: t('isOpen'), kind: 'select', options: yesNo },
    { name: 'sort', label: tc('sort'), kind: 'number' },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Menu>[] = [
    {
      field: 'name',
      headerName: t('name'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ pl: (row.depth ?? 0) * 2, display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
          <MenuIcon name={row.source} />
          {row.name}
        </Box>
      ),
    },
    { field: 'code', headerName: t('code'), flex: 1, minWidth: 140 },
    { field: 'path', headerName: t('path'), flex: 1, minWidth: 160 },
    {
      field: 'category',
      headerName: t('category'),
      width: 80,
      valueGetter: (_, row) => optionLabel(categories, row.category),
    },
    { field: 'alias', headerName: t('alias'), width: 100 },
    { field: 'sort', headerName: tc('sort'), width: 70 },
  ];
  return (
    <CrudScreen<Menu>
      title={t('title')}
      api={{
        list: '/api/blade-system/menu/list',
        detail: '/api/blade-system/menu/detail',
        submit: '/api/blade-system/menu/submit',
        remove: '/api/blade-system/menu/remove',
      }}
      paged={false}
      tree
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{
        name: '',
        code: '',
        parentId: '0',
        category: 1,
        path: '',
        alias: 'menu',
        source: '',
        action: 0,
        isOpen: 1,
        sort: 1,
        remark: '',
      }}
      searchFields={[
        { name: 'name', label: t('name') },
        { name: 'code', label: t('code') },
      ]}
      permissions={{ add: 'menu_add', edit: 'menu_edit', delete: 'menu_delete', view: 'menu_view' }}
      toBody={(v) => {
        const {
          children: _c,
          depth: _d,
          parentName: _p,
          categoryName: _cn,
          actionName: _an,
          isOpenName: _on,
          hasChildren: _h,
          ...rest
        } = v;
        return { ...rest, parentId: v.parentId || '0' };
      }}
      onSaved={async () => {
        await Promise.all([reloadTree(), revalidate()]);
      }}
    />
  );
}
