'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import useSWR from 'swr';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { flattenTree } from '@/components/crud/ids';
import type { BladePage, CrudField, FieldOption, FormMode, TreeNode } from '@/components/crud/types';
import { useDeptTree } from './use-system-data';

interface DeptLabUser {
  id: string;
  deptId: string;
  userId: string;
  deptName: string;
  account: string;
  realName: string;
  phone: string;
  email: string;
  createTime: string;
}

/** The tenant's external users to pick from (one page of up to 500, the most blade/ answers). */
function useExternalUsers() {
  return useSWR<BladePage<{ id: string; account: string; realName: string }>>([
    '/api/blade-user/externalUser/page',
    { current: 1, size: 500 },
  ]);
}

/**
 * Department laboratory external users (001 §7.4 `deptLaboratoryExternalUser/*`): which external users work with
 * a department's laboratory. Adding attaches several users to one department at once; an edit moves one link.
 * There is no detail call, so no view button.
 */
export function DeptLabUserScreen() {
  const t = useTranslations('system.deptLabUser');
  const tu = useTranslations('system.user');
  const { data: deptTree = [] } = useDeptTree();
  const { data: users } = useExternalUsers();
  const deptOptions: FieldOption[] = flattenTree(deptTree).map((n) => ({
    value: n.id,
    label: `${'\u3000'.repeat(n.depth)}${n.title}`,
  }));
  const userTree: TreeNode[] = (users?.records ?? []).map((u) => ({
    id: String(u.id),
    title: `${u.realName} (${u.account})`,
  }));
  const userOptions: FieldOption[] = userTree.map((n) => ({ value: n.id, label: n.title }));

  const schema = useMemo(
    () => (mode: FormMode) =>
      z.object({
        deptId: z.string({ error: t('deptRequired') }).min(1, t('deptRequired')),
        ...(mode === 'add'
          ? { userIds: z.array(z.string()).min(1, t('userRequired')) }
          : { userId: z.string({ error: t('userRequired') }).min(1, t('userRequired')) }),
      }),
    [t],
  );

  const fields: CrudField[] = [
    { name: 'deptId', label: tu('dept'), kind: 'select', options: deptOptions },
    { name: 'userIds', label: t('users'), kind: 'treeMulti', tree: userTree, hiddenIn: ['edit', 'view'] },
    { name: 'userId', label: t('user'), kind: 'select', options: userOptions, hiddenIn: ['add'] },
  ];
  const columns: GridColDef<DeptLabUser>[] = [
    { field: 'deptName', headerName: tu('dept'), flex: 1, minWidth: 120, sortable: false },
    { field: 'account', headerName: tu('account'), flex: 1, minWidth: 120, sortable: false },
    { field: 'realName', headerName: tu('realName'), flex: 1, minWidth: 100, sortable: false },
    { field: 'phone', headerName: tu('phone'), width: 130, sortable: false },
    { field: 'email', headerName: tu('email'), flex: 1, minWidth: 160, sortable: false },
    { field: 'createTime', headerName: t('createTime'), width: 170, sortable: true },
  ];

  return (
    <CrudScreen<DeptLabUser>
      title={t('title')}
      api={{
        list: '/api/blade-user/deptLaboratoryExternalUser/list',
        submit: '/api/blade-user/deptLaboratoryExternalUser/save',
        update: '/api/blade-user/deptLaboratoryExternalUser/update',
        remove: '/api/blade-user/deptLaboratoryExternalUser/remove',
      }}
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{ deptId: '', userIds: [], userId: '' }}
      searchFields={[{ name: 'deptId', label: tu('dept'), kind: 'select', options: deptOptions }]}
      permissions={{
        add: 'dept_lab_user_add',
        edit: 'dept_lab_user_edit',
        delete: 'dept_lab_user_delete',
      }}
      toForm={(row) => ({ id: row.id, deptId: row.deptId, userId: row.userId })}
      toBody={(v, mode) =>
        mode === 'add'
          ? { deptId: v.deptId, userIds: v.userIds }
          : { id: v.id, deptId: v.deptId, userId: v.userId }
      }
    />
  );
}
