'use client';

import useSWR, { useSWRConfig } from 'swr';
import type { BladePage } from '@/components/crud/types';
import type { BladeRequestInit } from '@/lib/client/fetcher';

type Params = NonNullable<BladeRequestInit['params']>;

/** All rows of a business list (a POST) matching the filter (up to `size`), for selects. */
export function useBusinessRows<T>(path: string | null, params: Params = {}, size = 200) {
  const { data, mutate } = useSWR<BladePage<T>>(
    path ? [path, { ...params, current: 1, size }, 'POST'] : null,
  );
  return { rows: data?.records ?? [], reload: mutate };
}

/** The record of a detail page, read through its list by id; `reload` after an action changed it. */
export function useBusinessRecord<T extends { id: string }>(path: string, id: string) {
  const { data, error, isLoading, mutate } = useSWR<BladePage<T>>(
    id ? [path, { id, current: 1, size: 1 }, 'POST'] : null,
  );
  const row = data?.records[0] ?? null;
  return {
    row,
    missing: !isLoading && !error && !!data && row === null,
    loading: isLoading,
    reload: mutate,
  };
}

/**
 * Revalidates every business list on the page: a receipt changes its batch's, contract's and project's amounts, which
 * other tabs show (a tab remounted within SWR's deduping interval would otherwise show the amounts from before).
 */
export function useBusinessRefresh() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/api/business-service/'),
    );
}
