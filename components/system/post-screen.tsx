'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { BladePage } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import type { RowOf } from '@/lib/contracts/resource';
import { postResource } from '@/lib/contracts/system/post';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { TreePickDialog } from './tree-pick-dialog';
import { useRoleTree } from './use-system-data';
import { postRoleList, postRoleSubmit } from '@/lib/contracts/system/post-role.actions';

type Post = RowOf<typeof postResource>;

/** Posts of the caller's tenant (category from dictionary post_category); 岗位角色 assigns roles to a post. */
export function PostScreen() {
  const t = useTranslations('system.post');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { data: roleTree = [] } = useRoleTree();
  const [assigning, setAssigning] = useState<{ post: Post; roleIds: string[] } | null>(null);
  const openRoles = async (post: Post) => {
    const { data } = await bladeRequest<BladePage<{ roleId: string }>>(proxied(postRoleList.call), {
      params: { postId: post.id, current: 1, size: 500 },
    });
    setAssigning({ post, roleIds: data.records.map((r) => String(r.roleId)) });
  };
  return (
    <>
      <ResourceScreen
        def={postResource}
        viewCode="post_view"
        columns={{ category: { flex: 0, width: 100, minWidth: 100 }, sort: { flex: 0, width: 80 } }}
        overrides={{
          rowActions: [
            { label: t('roles'), onClick: (row) => void openRoles(row), hidden: !can('post_role') },
          ],
        }}
      />
      {assigning && (
        <TreePickDialog
          open
          title={t('rolesOf', { name: assigning.post.postName })}
          sections={[{ key: 'roleIds', label: t('roles'), tree: roleTree, initial: assigning.roleIds }]}
          onClose={() => setAssigning(null)}
          onSubmit={async (picked) => {
            await bladeRequest(proxied(postRoleSubmit.call), {
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
