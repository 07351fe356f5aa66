'use client';

import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption } from '@/components/crud/types';
import { deptResource } from '@/lib/contracts/system/dept';
import { optionLabel, useDeptTree } from './use-system-data';

/** Departments as a tree (deptCategory, parentId); the parent picker is the caller's tenant's department tree. */
export function DeptScreen() {
  const t = useTranslations('system.dept');
  const { data: deptTree = [], mutate: reloadTree } = useDeptTree();
  const categories: FieldOption[] = [1, 2, 3].map((v) => ({ value: v, label: t(`category${v}`) }));
  return (
    <ResourceScreen
      def={deptResource}
      viewCode="dept_view"
      fields={{
        parentId: { kind: 'tree', tree: deptTree },
        deptCategory: { kind: 'select', options: categories },
      }}
      columns={{
        deptName: {
          minWidth: 180,
          renderCell: ({ row }) => <Box sx={{ pl: (row.depth ?? 0) * 2 }}>{row.deptName}</Box>,
        },
        deptCategory: {
          flex: 0,
          width: 100,
          valueGetter: (_, row) => optionLabel(categories, row.deptCategory),
        },
        sort: { flex: 0, width: 70 },
      }}
      // A new dept is a department (not a company) at the top unless a parent is picked.
      overrides={{ onAddValues: () => ({ deptCategory: 2 }), onSaved: () => void reloadTree() }}
    />
  );
}
