'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { CrudScreen } from '@/components/crud/crud-screen';
import { joinIds, splitIds } from '@/components/crud/ids';
import type { CrudField, FormMode, FormValues } from '@/components/crud/types';
import { useDeptTree, useRoleTree } from './use-system-data';
import { accountSchema } from './user-screen';

interface ExternalUser {
  id: string;
  account: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
  roleId: string;
  deptId: string;
  roleName: string;
  deptName: string;
}

/**
 * External users (001 §7.4 `externalUser/*`): accounts of people outside the organisation (customer contacts),
 * kept apart from the staff's user page. Creation and edits are separate calls (`save` / `update`).
 */
export function ExternalUserScreen() {
  const t = useTranslations('system.externalUser');
  const tu = useTranslations('system.user');
  const { data: deptTree = [] } = useDeptTree();
  const { data: roleTree = [] } = useRoleTree();

  const schema = useMemo(() => (mode: FormMode) => accountSchema(mode, tu), [tu]);

  const fields: CrudField[] = [
    { name: 'account', label: tu('account'), readOnlyIn: ['edit'] },
    { name: 'realName', label: tu('realName') },
    { name: 'password', label: tu('password'), kind: 'password', hiddenIn: ['edit', 'view'] },
    { name: 'password2', label: tu('password2'), kind: 'password', hiddenIn: ['edit', 'view'] },
    { name: 'name', label: tu('name') },
    { name: 'phone', label: tu('phone') },
    { name: 'email', label: tu('email') },
    { name: 'roleId', label: tu('role'), kind: 'treeMulti', tree: roleTree },
    { name: 'deptId', label: tu('dept'), kind: 'treeMulti', tree: deptTree, wide: true },
  ];
  const columns: GridColDef<ExternalUser>[] = [
    { field: 'account', headerName: tu('account'), flex: 1, minWidth: 120, sortable: true },
    { field: 'realName', headerName: tu('realName'), flex: 1, minWidth: 100, sortable: true },
    { field: 'deptName', headerName: tu('dept'), flex: 1, minWidth: 120 },
    { field: 'roleName', headerName: tu('role'), flex: 1, minWidth: 120 },
    { field: 'phone', headerName: tu('phone'), width: 130 },
    { field: 'email', headerName: tu('email'), flex: 1, minWidth: 160 },
  ];

  return (
    <CrudScreen<ExternalUser>
      title={t('title')}
      api={{
        list: '/api/blade-user/externalUser/page',
        detail: '/api/blade-user/externalUser/detail',
        submit: '/api/blade-user/externalUser/save',
        update: '/api/blade-user/externalUser/update',
        remove: '/api/blade-user/externalUser/remove',
      }}
      columns={columns}
      fields={fields}
      schema={schema}
      emptyValues={{
        account: '',
        realName: '',
        name: '',
        password: '',
        password2: '',
        phone: '',
        email: '',
        roleId: [],
        deptId: [],
      }}
      searchFields={[
        { name: 'account', label: tu('account') },
        { name: 'realName', label: tu('realName') },
        { name: 'phone', label: tu('phone') },
      ]}
      permissions={{
        add: 'external_user_add',
        edit: 'external_user_edit',
        delete: 'external_user_delete',
        view: 'external_user_view',
      }}
      toForm={(row) => ({ ...row, roleId: splitIds(row.roleId), deptId: splitIds(row.deptId) })}
      toBody={(v, mode) => {
        const { password, password2, roleName: _r, deptName: _d, ...rest } = v;
        return {
          ...rest,
          roleId: joinIds(v.roleId as string[]),
          deptId: joinIds(v.deptId as string[]),
          // Hashed by blade-user as a login's password would be; edits never send one.
          ...(mode === 'add' ? { password, password2 } : {}),
        } satisfies FormValues;
      }}
    />
  );
}
