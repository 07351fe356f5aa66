'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { TreeNode } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import type { RowOf } from '@/lib/contracts/resource';
import { topMenuResource } from '@/lib/contracts/system/topmenu';
import { usePermissions, useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { iconPickerField, MenuIcon } from './icon-picker';
import { TreePickDialog } from './tree-pick-dialog';
import { menuGrantTopTree, menuTopTreeKeys } from '@/lib/contracts/system/menu.actions';

type TopMenu = RowOf<typeof topMenuResource>;

/** Top menus and their menu sets (菜单配置 → `topmenu/grant`); the navigation follows at once. */
export function TopMenuScreen() {
  const t = useTranslations('system.topmenu');
  const tm = useTranslations('system.menu');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const revalidate = useRevalidateNavigation();
  const [setting, setSetting] = useState<{ row: TopMenu; tree: TreeNode[]; keys: string[] } | null>(null);
  const openSetting = async (row: TopMenu) => {
    const [tree, keys] = await Promise.all([
      bladeRequest<{ menu: TreeNode[] }>(proxied(menuGrantTopTree.call)),
      bladeRequest<{ menu: string[] }>(proxied(menuTopTreeKeys.call), {
        params: { topMenuIds: row.id },
      }),
    ]);
    setSetting({ row, tree: tree.data.menu ?? [], keys: keys.data.menu ?? [] });
  };
  return (
    <>
      <ResourceScreen
        def={topMenuResource}
        viewCode="topmenu_view"
        order={{ form: ['name', 'code'], list: ['source', 'name', 'code'] }}
        fields={{
          source: iconPickerField(tm('source')),
        }}
        columns={{
          source: {
            flex: undefined,
            width: 70,
            minWidth: 70,
            renderCell: ({ row }) => <MenuIcon name={row.source} />,
          },
        }}
        overrides={{
          onAddValues: () => ({ sort: 1 }),
          rowActions: [
            { label: t('setting'), onClick: (row) => void openSetting(row), hidden: !can('topmenu_setting') },
          ],
          onSaved: () => revalidate(),
        }}
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
