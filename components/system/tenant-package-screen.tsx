'use client';

import { useMemo } from 'react';
import { flattenTree, joinIds, splitIds, withAncestorIds } from '@/components/crud/ids';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { tenantPackageResource } from '@/lib/contracts/system/tenant-package';
import { useMenuGrantTree } from './use-system-data';

/**
 * Spec §2: columns package name, menu list (multi-select tree), remark; search by package name; add, edit, delete,
 * multi-delete; no view button; page size 100.
 */
export function TenantPackageScreen() {
  // Menus with their buttons: a package that held only pages would give its tenants pages without any button.
  const { data: menuTree = [] } = useMenuGrantTree();
  const menuNames = useMemo(() => new Map(flattenTree(menuTree).map((n) => [n.id, n.title])), [menuTree]);
  return (
    <ResourceScreen
      def={tenantPackageResource}
      fields={{ menuId: { tree: menuTree } }}
      columns={{
        menuId: {
          flex: 2,
          minWidth: 240,
          valueGetter: (_, row) =>
            splitIds(row.menuId)
              .map((id) => menuNames.get(id) ?? id)
              .join('、'),
        },
      }}
      overrides={{
        pageSize: 100,
        buttons: { view: false },
        toBody: (v) => ({ ...v, menuId: joinIds(withAncestorIds(menuTree, splitIds(v.menuId))) }),
      }}
    />
  );
}
