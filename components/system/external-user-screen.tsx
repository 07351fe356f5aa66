'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, FormMode } from '@/components/crud/types';
import {
  accountColumns,
  accountFields,
  accountSchema,
  accountToBody,
  accountToForm,
  emptyAccount,
  type AccountUser,
} from './account-form';
import { useDeptTree, useRoleTree } from './use-system-data';

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

  const account = accountFields(tu, { role: roleTree, dept: deptTree });
  const fields: CrudField[] = [
    ...account.signIn,
    ...account.contact,
    account.role,
    { ...account.dept, wide: true },
  ];
  const column = accountColumns<AccountUser>(tu);
  const columns: GridColDef<AccountUser>[] = [
    column.account,
    column.realName,
    column.deptName,
    column.roleName,
    column.phone,
    column.email,
  ];

  return (
    <CrudScreen<AccountUser>
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
      emptyValues={emptyAccount}
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
      toForm={accountToForm}
      toBody={accountToBody}
    />
  );
}
