'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { CrudScreen } from '@/components/crud/crud-screen';
import { flattenTree } from '@/components/crud/ids';
import type { CrudField } from '@/components/crud/types';
import { requiredSchema } from './schema';
import { optionLabel, useDictOptions, useMenuTree } from './use-system-data';

interface Scope {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeType: number;
  scopeColumn?: string;
  scopePath?: string;
  remark: string;
}

/**
 * Data scopes (which rows a role sees: all, own department, department and children, own records, chosen
 * departments) and API scopes (which calls a role may make), each attached to a menu.
 */
export function ScopeScreen({ kind }: { kind: 'data' | 'api' }) {
  const t = useTranslations('system.scope');
  const tc = useTranslations('system.common');
  const { data: menuTree = [] } = useMenuTree();
  const menuNames = useMemo(() => new Map(flattenTree(menuTree).map((n) => [n.id, n.title])), [menuTree]);
  const types = useDictOptions(kind === 'data' ? 'data_scope_type' : 'api_scope_type');
  const base = kind === 'data' ? '/api/blade-system/data-scope' : '/api/blade-system/api-scope';
  const perm = kind === 'data' ? 'datascope' : 'apiscope';
  const fields: CrudField[] = [
    { name: 'menuId', label: t('menu'), kind: 'tree', tree: menuTree },
    { name: 'scopeName', label: t('scopeName') },
    { name: 'resourceCode', label: t('resourceCode') },
    { name: 'scopeType', label: t('scopeType'), kind: 'select', options: types },
    ...(kind === 'data'
      ? ([
          { name: 'scopeColumn', label: t('scopeColumn') },
          { name: 'scopeValue', label: t('scopeValue'), wide: true },
        ] satisfies CrudField[])
      : ([{ name: 'scopePath', label: t('scopePath'), wide: true }] satisfies CrudField[])),
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Scope>[] = [
    { field: 'scopeName', headerName: t('scopeName'), flex: 1, minWidth: 140 },
    {
      field: 'menuId',
      headerName: t('menu'),
      flex: 1,
      minWidth: 120,
      valueGetter: (_, r) => menuNames.get(r.menuId) ?? r.menuId,
    },
    { field: 'resourceCode', headerName: t('resourceCode'), flex: 1, minWidth: 140 },
    {
      field: 'scopeType',
      headerName: t('scopeType'),
      width: 140,
      valueGetter: (_, r) => optionLabel(types, r.scopeType),
    },
    kind === 'data'
      ? { field: 'scopeColumn', headerName: t('scopeColumn'), width: 140 }
      : { field: 'scopePath', headerName: t('scopePath'), flex: 1, minWidth: 160 },
  ];
  return (
    <CrudScreen<Scope>
      title={kind === 'data' ? t('dataTitle') : t('apiTitle')}
      api={{
        list: `${base}/list`,
        detail: `${base}/detail`,
        submit: `${base}/submit`,
        remove: `${base}/remove`,
      }}
      columns={columns}
      fields={fields}
      schema={requiredSchema(fields, ['menuId', 'scopeName', 'resourceCode', 'scopeType'], tc)}
      emptyValues={{
        menuId: '',
        scopeName: '',
        resourceCode: '',
        scopeType: '',
        scopeColumn: '',
        scopeValue: '',
        scopePath: '',
        remark: '',
      }}
      searchFields={[
        { name: 'scopeName', label: t('scopeName') },
        { name: 'resourceCode', label: t('resourceCode') },
      ]}
      permissions={{
        add: `${perm}_add`,
        edit: `${perm}_edit`,
        delete: `${perm}_delete`,
        view: `${perm}_view`,
      }}
    />
  );
}
