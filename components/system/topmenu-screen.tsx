'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, TreeNode } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import { usePermissions, useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { IconPicker, MenuIcon } from './icon-picker';
import { requiredSchema } from './schema';
import { TreePickDialog } from './tree-pick-dialog';

interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

/** Top menus and their menu sets (菜单配置 → `topmenu/grant`); the navigation follows at once. */
export function TopMenuScreen() {
  const t = useTranslations('system.topmenu');
  const tc = useTranslations('system.common');
  const tm = useTranslations('system.menu');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const revalidate = useRevalidateNavigation();
  const [setting, setSetting] = useState<{ row: TopMenu; tree: TreeNode[]; keys: string[] } | null>(null);
  const fields: CrudField[] = [
    { name: 'name', label: t('name') },
    { name: 'code', label: t('code') },
    { name: 'path', label: t('path') },
    {
      name: 'source',
      label: tm('source'),
      kind: 'custom',
      render: ({ value, onChange, onBlur, disabled, error }) => (
        <IconPicker
          label={tm('source')}
          value={String(value ?? '')}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          error={error}
        />
      ),
    },
    { name: 'sort', label: tc('sort'), kind: 'number' },
  ];
  const columns: GridColDef<TopMenu>[] = [
    {
      field: 'source',
      headerName: tm('source'),
      width: 70,
      renderCell: ({ row }) => <MenuIcon name={row.source} />,
    },
    { field: 'name', headerName: t('name'), flex: 1, minWidth: 140 },
    { field: 'code', headerName: t('code'), flex: 1, minWidth: 120 },
    { field: 'path', headerName: t('path'), flex: 1, minWidth: 140 },
    { field: 'sort', headerName: tc('sort'), width: 80 },
  ];
  const openSetting = async (row: TopMenu) => {
    const [tree, keys] = await Promise.all([
      bladeRequest<{ menu: TreeNode[] }>('/api/blade-system/menu/grant-top-tree'),
      bladeRequest<{ menu: string[] }>('/api/blade-system/menu/top-tree-keys', {
        params: { topMenuIds: row.id },
      }),
    ]);
    setSetting({ row, tree: tree.data.menu ?? [], keys: keys.data.menu ?? [] });
  };
  return (
    <>
      <CrudScreen<TopMenu>
        title={t('title')}
        api={{
          list: '/api/blade-system/topmenu/list',
          detail: '/api/blade-system/topmenu/detail',
          submit: '/api/blade-system/topmenu/submit',
          remove: '/api/blade-system/topmenu/remove',
        }}
        columns={columns}
        fields={fields}
        schema={requiredSchema(fields, ['name', 'code', 'sort'], tc)}
        emptyValues={{ name: '', code: '', path: '', source: '', sort: 1 }}
        searchFields={[{ name: 'name', label: t('name') }]}
        permissions={{
          add: 'topmenu_add',
          edit: 'topmenu_edit',
          delete: 'topmenu_delete',
          view: 'topmenu_view',
        }}
        rowActions={[
          { label: t('setting'), onClick: (row) => void openSetting(row), hidden: !can('topmenu_setting') },
        ]}
        onSaved={() => revalidate()}
      />
      {setting && (
        <TreePickDialog
          open
          title={t('settingTitle', { name: setting.row.name })}
          sections={[
            {
              key: 'menuIds',
              label: t('menus'),
              tree: setting.tree,
              initial: setting.keys,
              store: 'ancestors',
            },
          ]}
          onClose={() => setSetting(null)}
          onSubmit={async (picked) => {
            await bladeRequest('/api/blade-system/topmenu/grant', {
              method: 'POST',
              body: { topMenuIds: [setting.row.id], menuIds: picked.menuIds ?? [] },
            });
            notify(tcrud('success'), 'success');
            setSetting(null);
            await revalidate();
          }}
        />
      )}
    </>
  );
}
