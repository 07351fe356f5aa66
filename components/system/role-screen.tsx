'use client';

import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, TreeNode } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import { usePermissions, useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { TreePickDialog } from './tree-pick-dialog';
import { useRoleTree } from './use-system-data';

interface Role {
  id: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  depth?: number;
}

interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}
type GrantKeys = Record<keyof GrantTree, string[]>;

/**
 * Roles as a tree; 权限设置 grants menus and buttons, data scopes and API scopes (`role/grant` replaces all three).
 * The navigation is revalidated after a grant: the caller's own role may have changed.
 */
export function RoleScreen() {
  const t = useTranslations('system.role');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const revalidate = useRevalidateNavigation();
  const { data: roleTree = [], mutate: reloadTree } = useRoleTree();
  const [grant, setGrant] = useState<{ role: Role; tree: GrantTree; keys: GrantKeys } | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        roleName: z.string().trim().min(1, t('nameRequired')).max(255),
        roleAlias: z.string().trim().min(1, t('aliasRequired')).max(255),
        sort: z
          .number({ error: t('sortRequired') })
          .int(t('sortRequired'))
          .min(0, t('sortRequired')),
        parentId: z.string().optional(),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'roleName', label: t('roleName') },
    { name: 'roleAlias', label: t('roleAlias') },
    { name: 'parentId', label: t('parent'), kind: 'tree', tree: roleTree },
    { name: 'sort', label: tc('sort'), kind: 'number' },
  ];
  const columns: GridColDef<Role>[] = [
    {
      field: 'roleName',
      headerName: t('roleName'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <Box sx={{ pl: (row.depth ?? 0) * 2 }}>{row.roleName}</Box>,
    },
    { field: 'roleAlias', headerName: t('roleAlias'), flex: 1, minWidth: 140 },
    { field: 'sort', headerName: tc('sort'), width: 80 },
  ];

  const openGrant = async (role: Role) => {
    const [tree, keys] = await Promise.all([
      bladeRequest<GrantTree>('/api/blade-system/menu/grant-tree'),
      bladeRequest<GrantKeys>('/api/blade-system/menu/role-tree-keys', { params: { roleIds: role.id } }),
    ]);
    setGrant({ role, tree: tree.data, keys: keys.data });
  };

  return (
    <>
      <CrudScreen<Role>
        title={t('title')}
        api={{
          list: '/api/blade-system/role/list',
          detail: '/api/blade-system/role/detail',
          submit: '/api/blade-system/role/submit',
          remove: '/api/blade-system/role/remove',
        }}
        paged={false}
        tree
        columns={columns}
        fields={fields}
        schema={schema}
        emptyValues={{ roleName: '', roleAlias: '', parentId: '0', sort: 1 }}
        searchFields={[
          { name: 'roleName', label: t('roleName') },
          { name: 'roleAlias', label: t('roleAlias') },
        ]}
        permissions={{ add: 'role_add', edit: 'role_edit', delete: 'role_delete', view: 'role_view' }}
        toForm={(row) => ({
          id: row.id,
          roleName: row.roleName,
          roleAlias: row.roleAlias,
          parentId: row.parentId ?? '0',
          sort: row.sort,
        })}
        toBody={(v) => ({
          id: v.id,
          roleName: v.roleName,
          roleAlias: v.roleAlias,
          parentId: v.parentId || '0',
          sort: v.sort,
        })}
        onSaved={() => void reloadTree()}
        rowActions={[
          { label: t('grant'), onClick: (row) => void openGrant(row), hidden: !can('role_grant') },
        ]}
      />
      {grant && (
        <TreePickDialog
          open
          title={t('grantTitle', { name: grant.role.roleName })}
          sections={[
            {
              key: 'menuIds',
              label: t('menus'),
              tree: grant.tree.menu ?? [],
              initial: grant.keys.menu ?? [],
              store: 'ancestors',
            },
            {
              key: 'dataScopeIds',
              label: t('dataScopes'),
              tree: grant.tree.dataScope ?? [],
              initial: grant.keys.dataScope ?? [],
              store: 'leaves',
            },
            {
              key: 'apiScopeIds',
              label: t('apiScopes'),
              tree: grant.tree.apiScope ?? [],
              initial: grant.keys.apiScope ?? [],
              store: 'leaves',
            },
          ]}
          onClose={() => setGrant(null)}
          onSubmit={async (picked) => {
            await bladeRequest('/api/blade-system/role/grant', {
              method: 'POST',
              body: {
                roleIds: [grant.role.id],
                menuIds: picked.menuIds ?? [],
                dataScopeIds: picked.dataScopeIds ?? [],
                apiScopeIds: picked.apiScopeIds ?? [],
              },
            });
            notify(tcrud('success'), 'success');
            setGrant(null);
            await revalidate();
          }}
        />
      )}
    </>
  );
}
