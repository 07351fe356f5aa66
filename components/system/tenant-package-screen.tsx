'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { flattenTree, joinIds, splitIds, withAncestorIds } from '@/components/crud/ids';
import type { CrudField } from '@/components/crud/types';
import { useMenuGrantTree } from './use-system-data';

interface TenantPackage {
  id: string;
  packageName: string;
  menuId: string;
  remark: string;
}

/**
 * Spec §2: columns package name, menu list (multi-select tree), remark; search by package name; add, edit, delete,
 * multi-delete; no view button; page size 100. `menuId` travels comma-joined.
 */
export function TenantPackageScreen() {
  const t = useTranslations('system');
  // Menus with their buttons: a package that held only pages would give its tenants pages without any button.
  const { data: menuTree = [] } = useMenuGrantTree();
  const menuNames = useMemo(() => new Map(flattenTree(menuTree).map((n) => [n.id, n.title])), [menuTree]);

  const schema = useMemo(
    () =>
      z.object({
        packageName: z.string().trim().min(1, t('tenantPackage.nameRequired')),
        menuId: z.array(z.string()).min(1, t('tenantPackage.menuRequired')),
        remark: z.string().optional(),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'packageName', label: t('tenantPackage.packageName') },
    { name: 'menuId', label: t('tenantPackage.menuId'), kind: 'treeMulti', tree: menuTree },
    { name: 'remark', label: t('common.remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<TenantPackage>[] = [
    { field: 'packageName', headerName: t('tenantPackage.packageName'), flex: 1, minWidth: 160 },
    {
      field: 'menuId',
      headerName: t('tenantPackage.menuId'),
      flex: 2,
      minWidth: 240,
      valueGetter: (_, row) =>
        splitIds(row.menuId)
          .map((id) => menuNames.get(id) ?? id)
          .join('、'),
    },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 160 },
  ];

  return (
    <CrudScreen<TenantPackage>
      title={t('tenantPackage.title')}
      api={{
        list: '/api/blade-system/tenant-package/list',
        detail: '/api/blade-system/tenant-package/detail',
        submit: '/api/blade-system/tenant-package/submit',
        remove: '/api/blade-system/tenant-package/remove',
      }}
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{ packageName: '', menuId: [], remark: '' }}
      searchFields={[{ name: 'packageName', label: t('tenantPackage.packageName') }]}
      pageSize={100}
      buttons={{ view: false }}
      permissions={{ add: 'tenantpackage_add', edit: 'tenantpackage_edit', delete: 'tenantpackage_delete' }}
      toForm={(row) => ({
        id: row.id,
        packageName: row.packageName,
        menuId: splitIds(row.menuId),
        remark: row.remark ?? '',
      })}
      toBody={(v) => ({
        id: v.id,
        packageName: v.packageName,
        menuId: joinIds(withAncestorIds(menuTree, v.menuId as string[])),
        remark: v.remark ?? '',
      })}
    />
  );
}
