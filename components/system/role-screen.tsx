'use client';

import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { TreeNode } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import type { RowOf } from '@/lib/contracts/resource';
import { roleResource } from '@/lib/contracts/system/role';
import { usePermissions, useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { TreePickDialog } from './tree-pick-dialog';
import { useRoleTree } from './use-system-data';
import { menuGrantTree, menuRoleTreeKeys } from '@/lib/contracts/system/menu.actions';

type Role = RowOf<typeof roleResource>;

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
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const revalidate = useRevalidateNavigation();
  const { data: roleTree = [], mutate: reloadTree } = useRoleTree();
  const [grant, setGrant] = useState<{ role: Role; tree: GrantTree; keys: GrantKeys } | null>(null);

  const openGrant = async (role: Role) => {
    const [tree, keys] = await Promise.all([
      bladeRequest<GrantTree>(proxied(menuGrantTree.call)),
      bladeRequest<GrantKeys>(proxied(menuRoleTreeKeys.call), { params: { roleIds: role.id } }),
    ]);
    setGrant({ role, tree: tree.data, keys: keys.data });
  };

  return (
    <>
      <ResourceScreen
        def={roleResource}
        viewCode="role_view"
        fields={{ parentId: { kind: 'tree', tree: roleTree } }}
        columns={{
          roleName: {
            minWidth: 180,
            renderCell: ({ row }) => <Box sx={{ pl: (row.depth ?? 0) * 2 }}>{row.roleName}</Box>,
          },
          sort: { flex: 0, width: 80 },
        }}
        overrides={{
          onSaved: () => void reloadTree(),
          rowActions: [
            { label: t('grant'), onClick: (row) => void openGrant(row), hidden: !can('role_grant') },
          ],
        }}
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
