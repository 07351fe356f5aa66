'use client';

import { proxied } from '@/lib/client/fetcher';
import useSWR from 'swr';
import type { FieldOption, TreeNode } from '@/components/crud/types';
import { useDictionaries } from '@/components/crud/use-dictionaries';
import { menuGrantTree, menuTree } from '@/lib/contracts/system/menu.actions';

/** Every category-1 menu as a picker tree (`menu/tree`). */
export function useMenuTree() {
  return useSWR<TreeNode[]>(proxied(menuTree.call));
}

/** Menus and their buttons (`menu/grant-tree`'s menu part): what role grants and tenant packages pick from. */
export function useMenuGrantTree() {
  const { data, ...rest } = useSWR<{ menu: TreeNode[] }>(proxied(menuGrantTree.call));
  return { data: data?.menu, ...rest };
}

/** The caller's tenant's departments (`dept/tree`); `tenantId` lets the platform administrator pick another. */
export function useDeptTree(tenantId?: string) {
  return useSWR<TreeNode[]>(
    tenantId ? ['/api/blade-system/dept/tree', { tenantId }] : '/api/blade-system/dept/tree',
  );
}

export function useRoleTree(tenantId?: string) {
  return useSWR<TreeNode[]>(
    tenantId ? ['/api/blade-system/role/tree', { tenantId }] : '/api/blade-system/role/tree',
  );
}

/** The caller's tenant's posts (a page of up to 500, the most blade/ answers). */
export function usePostSelect() {
  const { data, ...rest } = useSWR<{ records: Array<{ id: string; postName: string }> }>([
    '/api/blade-system/post/list',
    { current: 1, size: 500 },
  ]);
  return { data: data?.records, ...rest };
}

/** A system dictionary as select options (`dict/dictionary?code=`). */
export function useDictOptions(code: string, numeric = true): FieldOption[] {
  return useDictionaries([{ dict: code, numeric }])[code];
}

/** Label of a select value, or the value itself. */
export function optionLabel(options: FieldOption[], value: unknown): string {
  return (
    options.find((o) => String(o.value) === String(value))?.label ??
    (value === undefined || value === null ? '' : String(value))
  );
}
