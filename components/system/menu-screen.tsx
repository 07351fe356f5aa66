'use client';

import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption } from '@/components/crud/types';
import { menuResource } from '@/lib/contracts/system/menu';
import { useRevalidateNavigation } from '@/lib/permissions/use-permissions';
import { iconPickerField, MenuIcon } from './icon-picker';
import { optionLabel, useMenuTree } from './use-system-data';

/**
 * Menus and buttons as a tree (blade/ answers the list as one); icons from the local picker. Every write refreshes
 * the navigation without re-login.
 */
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
  return (
    <ResourceScreen
      def={menuResource}
      viewCode="menu_view"
      fields={{
        parentId: { kind: 'tree', tree: menuTree },
        category: { kind: 'select', options: categories },
        source: iconPickerField(t('source')),
        action: { kind: 'select', options: actions },
        isOpen: { kind: 'select', options: yesNo },
      }}
      columns={{
        name: {
          minWidth: 200,
          renderCell: ({ row }) => (
            <Box
              sx={{ pl: (row.depth ?? 0) * 2, display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}
            >
              <MenuIcon name={row.source} />
              {row.name}
            </Box>
          ),
        },
        path: { minWidth: 160 },
        category: {
          flex: 0,
          width: 80,
          valueGetter: (_, row) => optionLabel(categories, row.category),
        },
        alias: { flex: 0, width: 100 },
        sort: { flex: 0, width: 70 },
      }}
      order={{ list: ['name', 'code', 'path', 'category', 'alias', 'sort'] }}
      overrides={{
        paged: false,
        tree: true,
        emptyValues: {
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
        },
        // The list is the whole tree: its search narrows it by name and code.
        searchFields: [
          { name: 'name', label: t('name') },
          { name: 'code', label: t('code') },
        ],
        toBody: (v) => {
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
        },
        onSaved: async () => {
          await Promise.all([reloadTree(), revalidate()]);
        },
      }}
    />
  );
}
