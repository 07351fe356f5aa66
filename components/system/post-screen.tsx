'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { BladePage, CrudField } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { requiredSchema } from './schema';
import { TreePickDialog } from './tree-pick-dialog';
import { optionLabel, useDictOptions, useRoleTree } from './use-system-data';

interface Post {
  id: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
}

/** Posts of the caller's tenant (category from dictionary post_category); 岗位角色 assigns roles to a post. */
export function PostScreen() {
  const t = useTranslations('system.post');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { data: roleTree = [] } = useRoleTree();
  const [assigning, setAssigning] = useState<{ post: Post; roleIds: string[] } | null>(null);
  const categories = useDictOptions('post_category');
  const openRoles = async (post: Post) => {
    const { data } = await bladeRequest<BladePage<{ roleId: string }>>('/api/blade-system/postRole/list', {
      params: { postId: post.id, current: 1, size: 500 },
    });
    setAssigning({ post, roleIds: data.records.map((r) => String(r.roleId)) });
  };
  const fields: CrudField[] = [
    { name: 'category', label: t('category'), kind: 'select', options: categories },
    { name: 'postCode', label: t('postCode') },
    { name: 'postName', label: t('postName') },
    { name: 'sort', label: tc('sort'), kind: 'number' },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Post>[] = [
    {
      field: 'category',
      headerName: t('category'),
      width: 100,
      valueGetter: (_, r) => optionLabel(categories, r.category),
    },
    { field: 'postCode', headerName: t('postCode'), flex: 1, minWidth: 120, sortable: true },
    { field: 'postName', headerName: t('postName'), flex: 1, minWidth: 140, sortable: true },
    { field: 'sort', headerName: tc('sort'), width: 80, sortable: true },
  ];
  return (
    <>
      <CrudScreen<Post>
        title={t('title')}
        api={{
          list: '/api/blade-system/post/list',
          detail: '/api/blade-system/post/detail',
          submit: '/api/blade-system/post/submit',
          remove: '/api/blade-system/post/remove',
        }}
        columns={columns}
        fields={fields}
        schema={requiredSchema(fields, ['category', 'postCode', 'postName', 'sort'], tc)}
        emptyValues={{ category: '', postCode: '', postName: '', sort: 1, remark: '' }}
        searchFields={[
          { name: 'postCode', label: t('postCode') },
          { name: 'postName', label: t('postName') },
        ]}
        permissions={{ add: 'post_add', edit: 'post_edit', delete: 'post_delete', view: 'post_view' }}
        rowActions={[{ label: t('roles'), onClick: (row) => void openRoles(row), hidden: !can('post_role') }]}
      />
      {assigning && (
        <TreePickDialog
          open
          title={t('rolesOf', { name: assigning.post.postName })}
          sections={[{ key: 'roleIds', label: t('roles'), tree: roleTree, initial: assigning.roleIds }]}
          onClose={() => setAssigning(null)}
          onSubmit={async (picked) => {
            await bladeRequest('/api/blade-system/postRole/submit', {
              method: 'POST',
              body: { postId: assigning.post.id, roleIds: picked.roleIds ?? [] },
            });
            notify(tcrud('success'), 'success');
            setAssigning(null);
          }}
        />
      )}
    </>
  );
}
