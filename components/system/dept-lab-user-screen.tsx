'use client';

import { proxied } from '@/lib/client/fetcher';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from '@/lib/zod';
import {
  deptLabList,
  deptLabRemove,
  deptLabSave,
  deptLabUpdate,
} from '@/lib/contracts/system/dept-lab.actions';
import { CrudScreen } from '@/components/crud/crud-screen';
import { indentedOptions } from '@/components/crud/ids';
import type { CrudField, FormMode } from '@/components/crud/types';
import { ExternalUserPicker, userLabel, type PickedUser } from './external-user-picker';
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

/**
 * Department laboratory external users (001 §7.4 `deptLaboratoryExternalUser/*`): which external users work with
 * a department's laboratory. Adding attaches several users to one department at once; an edit moves one link.
 * There is no detail call, so no view button.
 */
export function DeptLabUserScreen() {
  const t = useTranslations('system.deptLabUser');
  const tu = useTranslations('system.user');
  const { data: deptTree = [] } = useDeptTree();
  const deptOptions = indentedOptions(deptTree);

  const schema = useMemo(() => {
    const picked = z.object({ id: z.string(), label: z.string() }, { error: t('userRequired') });
    return (mode: FormMode) =>
      z.object({
        deptId: z.string({ error: t('deptRequired') }).min(1, t('deptRequired')),
        ...(mode === 'add' ? { users: z.array(picked).min(1, t('userRequired')) } : { user: picked }),
      });
  }, [t]);

  const fields: CrudField[] = [
    { name: 'deptId', label: tu('dept'), kind: 'select', options: deptOptions },
    {
      name: 'users',
      label: t('users'),
      kind: 'custom',
      wide: true,
      hiddenIn: ['edit', 'view'],
      render: (props) => (
        <ExternalUserPicker
          {...props}
          label={t('users')}
          multiple
          value={(props.value ?? []) as PickedUser[]}
        />
      ),
    },
    {
      name: 'user',
      label: t('user'),
      kind: 'custom',
      hiddenIn: ['add'],
      render: (props) => (
        <ExternalUserPicker
          {...props}
          label={t('user')}
          multiple={false}
          value={(props.value ?? null) as PickedUser | null}
        />
      ),
    },
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
        list: proxied(deptLabList.call),
        submit: proxied(deptLabSave.call),
        update: proxied(deptLabUpdate.call),
        remove: proxied(deptLabRemove.call),
      }}
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{ deptId: '', users: [], user: null }}
      searchFields={[{ name: 'deptId', label: tu('dept'), kind: 'select', options: deptOptions }]}
      permissions={{
        add: 'dept_lab_user_add',
        edit: 'dept_lab_user_edit',
        delete: 'dept_lab_user_delete',
      }}
      toForm={(row) => ({ id: row.id, deptId: row.deptId, user: { id: row.userId, label: userLabel(row) } })}
      toBody={(v, mode) =>
        mode === 'add'
          ? { deptId: v.deptId, userIds: (v.users as PickedUser[]).map((u) => u.id) }
          : { id: v.id, deptId: v.deptId, userId: (v.user as PickedUser).id }
      }
    />
  );
}
