'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from '@/lib/zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { joinIds, splitIds } from '@/components/crud/ids';
import { CrudForm } from '@/components/crud/crud-form';
import { FormDialog } from '@/components/crud/form-dialog';
import type { CrudField, FieldOption, FormMode, FormValues, TreeNode } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import {
  userGrant,
  userPlatformDetail,
  userResetPassword,
  userUnlock,
  userUpdatePlatform,
} from '@/lib/contracts/system/user-admin.actions';
import { usePermissions } from '@/lib/permissions/use-permissions';
import {
  accountColumns,
  accountFields,
  accountSchema,
  accountToBody,
  accountToForm,
  emptyAccount,
  type AccountUser,
} from './account-form';
import { SideTree } from './side-tree';
import { TreePickDialog } from './tree-pick-dialog';
import { optionLabel, useDeptTree, useDictOptions, usePostSelect, useRoleTree } from './use-system-data';

interface User extends AccountUser {
  tenantId: string;
  code: string;
  sex: number;
  birthday: string;
  postId: string;
}

/**
 * Users by department (spec 001 §7.4): a department tree beside the page of users; add, edit, view, delete;
 * reset password, role grant and unlock for the selected users.
 */
export function UserScreen() {
  const t = useTranslations('system.user');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const confirm = useConfirm();
  const { can } = usePermissions();
  const [deptId, setDeptId] = useState<string | null>(null);
  const [granting, setGranting] = useState<string[] | null>(null);
  const [platform, setPlatform] = useState<{ id: string; userType: number | ''; userExt: string } | null>(
    null,
  );
  const { data: deptTree = [] } = useDeptTree();
  const { data: roleTree = [] } = useRoleTree();
  const { data: posts = [] } = usePostSelect();
  const sexOptions = useDictOptions('sex');
  const postTree: TreeNode[] = posts.map((p) => ({ id: String(p.id), title: p.postName }));

  const schema = useMemo(
    () => (mode: FormMode) => accountSchema(mode, t, { postId: z.array(z.string()).optional() }),
    [t],
  );

  const account = accountFields(t, { role: roleTree, dept: deptTree });
  const fields: CrudField[] = [
    ...account.signIn,
    { name: 'code', label: t('code') },
    ...account.contact,
    { name: 'sex', label: t('sex'), kind: 'select', options: sexOptions },
    { name: 'birthday', label: t('birthday'), kind: 'date' },
    account.role,
    account.dept,
    { name: 'postId', label: t('post'), kind: 'treeMulti', tree: postTree },
  ];
  const column = accountColumns<User>(t);
  const columns: GridColDef<User>[] = [
    column.account,
    column.realName,
    column.roleName,
    column.deptName,
    column.phone,
    {
      field: 'sex',
      headerName: t('sex'),
      width: 70,
      // -1 is Blade's "not given": an empty cell, not the raw number.
      valueGetter: (_, row) => (row.sex === -1 ? '' : optionLabel(sexOptions, row.sex)),
    },
  ];

  const bulk = async (path: string, ids: string[], text: string) => {
    if (!ids.length) {
      notify(tcrud('selectAtLeastOne'), 'warning');
      return false;
    }
    if (!(await confirm(text))) return false;
    await bladeRequest(path, { method: 'POST', params: { userIds: joinIds(ids) } });
    notify(tcrud('success'), 'success');
    return true;
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 2 }}>
      <SideTree title={t('deptTree')} tree={deptTree} selected={deptId} onSelect={setDeptId} />
      <CrudScreen<User>
        title={t('title')}
        api={{
          list: '/api/blade-user/page',
          detail: '/api/blade-user/detail',
          submit: '/api/blade-user/submit',
          update: '/api/blade-user/update',
          remove: '/api/blade-user/remove',
        }}
        params={{ deptId: deptId ?? undefined }}
        columns={columns}
        fields={fields}
        schema={schema}
        emptyValues={{
          ...emptyAccount,
          code: '',
          sex: '',
          birthday: '',
          deptId: deptId ? [deptId] : [],
          postId: [],
        }}
        onAddValues={() => ({ deptId: deptId ? [deptId] : [] })}
        searchFields={[
          { name: 'account', label: t('account') },
          { name: 'realName', label: t('realName') },
        ]}
        permissions={{ add: 'user_add', edit: 'user_edit', delete: 'user_delete', view: 'user_view' }}
        toForm={(row) => ({
          ...accountToForm(row),
          postId: splitIds(row.postId),
          sex: row.sex === -1 ? '' : row.sex,
        })}
        toBody={(v, mode) => ({
          ...accountToBody(v, mode),
          postId: joinIds(v.postId as string[]),
          sex: v.sex === '' ? undefined : v.sex,
          birthday: v.birthday || undefined,
        })}
        rowActions={[
          {
            label: t('platform'),
            hidden: !can('user_platform'),
            onClick: async (row) => {
              const { data } = await bladeRequest<{ userType: number; userExt: string }>(
                proxied(userPlatformDetail.call),
                { params: { id: row.id } },
              );
              setPlatform({
                id: row.id,
                userType: data.userType > 0 ? data.userType : '',
                userExt: data.userExt ?? '',
              });
            },
          },
        ]}
        toolbarExtra={({ selected, reload }) => {
          // Reset password and unlock: a confirmed call on the selected users, then the page again.
          const bulkButton = (code: string, path: string, confirmText: string, label: string) =>
            can(code) && (
              <Button
                variant="outlined"
                onClick={() => void bulk(path, selected, confirmText).then(() => reload())}
              >
                {label}
              </Button>
            );
          return (
            <>
              {can('user_role') && (
                <Button
                  variant="outlined"
                  onClick={() =>
                    selected.length ? setGranting(selected) : notify(tcrud('selectAtLeastOne'), 'warning')
                  }
                >
                  {t('grantRoles')}
                </Button>
              )}
              {bulkButton(
                'user_reset',
                proxied(userResetPassword.call),
                t('resetConfirm'),
                t('resetPassword'),
              )}
              {bulkButton('user_unlock', proxied(userUnlock.call), t('unlockConfirm'), t('unlock'))}
              {platform && (
                <PlatformDialog
                  initial={platform}
                  onClose={() => setPlatform(null)}
                  onSave={async (values) => {
                    await bladeRequest(proxied(userUpdatePlatform.call), {
                      method: 'POST',
                      body: { id: platform.id, ...values },
                    });
                    notify(tcrud('success'), 'success');
                    setPlatform(null);
                    await reload();
                  }}
                />
              )}
              {granting && (
                <TreePickDialog
                  open
                  title={t('grantRoles')}
                  sections={[{ key: 'roleIds', label: t('role'), tree: roleTree, initial: [] }]}
                  onClose={() => setGranting(null)}
                  onSubmit={async (picked) => {
                    if (!picked.roleIds?.length) {
                      notify(t('roleRequired'), 'warning');
                      return;
                    }
                    await bladeRequest(proxied(userGrant.call), {
                      method: 'POST',
                      params: { userIds: joinIds(granting), roleIds: joinIds(picked.roleIds) },
                    });
                    notify(tcrud('success'), 'success');
                    setGranting(null);
                    await reload();
                  }}
                />
              )}
            </>
          );
        }}
      />
    </Box>
  );
}

/** 平台配置: the user's type (WEB, APP, other, external user) and free-form extension data. */
function PlatformDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: { userType: number | ''; userExt: string };
  onClose: () => void;
  onSave: (values: { userType: number; userExt: string }) => Promise<void>;
}) {
  const t = useTranslations('system.user');
  const schema = useMemo(
    () =>
      z.object({
        userType: z.number({ error: t('userTypeRequired') }),
        userExt: z.string().max(2000).optional(),
      }),
    [t],
  );
  const form = useCrudForm<FormValues>(schema, initial);
  const types: FieldOption[] = [1, 2, 3, 4].map((v) => ({ value: v, label: t(`userType${v}`) }));
  return (
    <FormDialog
      open
      width={560}
      title={t('platform')}
      onClose={onClose}
      onSubmit={() => {
        if (form.validate()) void onSave(form.values as { userType: number; userExt: string });
      }}
    >
      <CrudForm
        columns={1}
        mode="edit"
        form={form}
        fields={[
          { name: 'userType', label: t('userType'), kind: 'select', options: types },
          { name: 'userExt', label: t('userExt'), kind: 'textarea' },
        ]}
      />
    </FormDialog>
  );
}
