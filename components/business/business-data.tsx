'use client';

import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { LookupSpec } from '@/components/crud/lookup-field';
import type { BladePage } from '@/components/crud/types';
import { projectResource } from '@/lib/contracts/business/project';
import { bladeRequest, type BladeRequestInit, proxied } from '@/lib/client/fetcher';
import {} from './screen-helpers';

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

/** How many matches a lookup offers: enough to choose from, few enough to type one more character. */
const LOOKUP_SIZE = 20;

/**
 * A record picker over a business list (a POST): matches of the typed text by the list's `param` filter (a name, a
 * contract-number fragment), the current record through the list's id filter. `label` must be stable (module scope).
 */
export function useBusinessLookup<R extends { id: string }>(
  path: string,
  param: string,
  label: (row: R) => string,
): LookupSpec {
  return useMemo(() => {
    const option = (row: R) => ({ value: String(row.id), label: label(row) });
    const read = async (filter: Record<string, unknown>) =>
      (
        await bladeRequest<BladePage<R>>(path, {
          method: 'POST',
          body: { current: 1, size: LOOKUP_SIZE, ...filter },
        })
      ).data.records;
    return {
      search: async (text) => (await read(text ? { [param]: text } : {})).map(option),
      resolve: async (id) => {
        const row = (await read({ id })).find((r) => String(r.id) === id);
        return row && option(row);
      },
    };
  }, [path, param, label]);
}

const projectLabel = (project: { id: string; projectName: string }) => project.projectName;

/** The project picker of the business forms: a name fragment as one types. */
export const useProjectLookup = () =>
  useBusinessLookup(proxied(projectResource.calls.list), 'projectName', projectLabel);
