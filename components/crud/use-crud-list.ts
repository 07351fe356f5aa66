'use client';

import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { usePageKeepAlive } from '@/components/shell/shell-context';
import useSWR from 'swr';
import { toColumn } from './ids';
import type { BladePage } from './types';

type Params = Record<string, string | number | undefined>;

export interface CrudListOptions {
  /** e.g. `/api/blade-system/param/list`; null pauses the list (a dependency is not loaded yet). */
  url: string | null;
  /** Search filters and fixed params (deptId, parentId…); empty values are not sent. */
  params?: Params;
  /** The list call's method: a POST list (business-service) sends its params as the JSON body. */
  method?: 'GET' | 'POST';
  /** true: the call pages (`current`, `size`, `records`/`total`); false: it answers a whole array or tree. */
  paged?: boolean;
  pageSize?: number;
  /**
   * Keeps page and sorting with the page's tab (keep-alive): coming back to the tab finds the same page. A key per
   * list on the page (its url, say); leave it out for lists whose params change what "page 3" means.
   */
  keepAliveKey?: string;
}

export interface CrudList<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  setPaginationModel: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  setSortModel: (model: GridSortModel) => void;
  /** Refetch after a write. */
  reload: () => Promise<unknown>;
}

/**
 * One list call with Blade's paging (`current` is 1-based) and sorting (`ascs`/`descs` name snake_case columns;
 * blade/ refuses columns outside its allowlist, so only columns marked sortable offer it).
 */
export function useCrudList<Row>({
  url,
  params,
  paged = true,
  pageSize = 10,
  keepAliveKey,
  method = 'GET',
}: CrudListOptions): CrudList<Row> {
  const [paginationModel, setPaginationModel] = usePageKeepAlive<GridPaginationModel>(
    keepAliveKey && `${keepAliveKey}|page`,
    { page: 0, pageSize },
  );
  const [sortModel, setSortModel] = usePageKeepAlive<GridSortModel>(
    keepAliveKey && `${keepAliveKey}|sort`,
    [],
  );
  const query = useMemo(() => {
    const q: Params = { ...params };
    if (paged) {
      q.current = paginationModel.page + 1;
      q.size = paginationModel.pageSize;
      const asc = sortModel.filter((s) => s.sort === 'asc').map((s) => toColumn(s.field));
      const desc = sortModel.filter((s) => s.sort === 'desc').map((s) => toColumn(s.field));
      if (asc.length) q.ascs = asc.join(',');
      if (desc.length) q.descs = desc.join(',');
    }
    return q;
  }, [params, paged, paginationModel, sortModel]);

  const key = url ? (method === 'POST' ? ([url, query, 'POST'] as const) : ([url, query] as const)) : null;
  const { data, isLoading, mutate } = useSWR<BladePage<Row> | Row[]>(key, {
    keepPreviousData: true,
  });
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  const total = Array.isArray(data) ? data.length : Number(data?.total ?? 0);
  return {
    rows,
    total,
    loading: isLoading,
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel,
    reload: () => mutate(),
  };
}
