'use client';

import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import type { BladePage } from '@/components/crud/types';
import { bladeRequest, swrFetcher, type BladeRequestInit } from '@/lib/client/fetcher';

type Params = NonNullable<BladeRequestInit['params']>;

/** business-service lists are POST calls with a JSON body (blade/ answers 404 to a GET list). */
const BUSINESS_LIST = /^\/api\/business-service\/[^/]+\/list$/;

const present = (params: Params = {}) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** One page of a business-service list. */
export async function businessList<T>(path: string, params: Params = {}): Promise<BladePage<T>> {
  return (await bladeRequest<BladePage<T>>(path, { method: 'POST', body: present(params) })).data;
}

/** The portal's SWR fetcher, except that business-service lists are POSTed with their params as the body. */
export async function businessFetcher<T>(key: string | [string, Params]): Promise<T> {
  const [path, params] = Array.isArray(key) ? key : [key, undefined];
  if (!BUSINESS_LIST.test(path)) return swrFetcher<T>(key);
  return (await businessList(path, params)) as T;
}

/**
 * Wraps a business screen: the generic grid (useCrudList) asks its list through SWR with a GET; inside this
 * provider the business-service lists go as the POST their definitions declare.
 */
export function BusinessData({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ fetcher: businessFetcher }}>{children}</SWRConfig>;
}

/** All rows of a business list matching the filter (up to `size`), for selects. */
export function useBusinessRows<T>(path: string | null, params: Params = {}, size = 200) {
  // Its own fetcher: selects live outside the BusinessData provider too.
  const { data, mutate } = useSWR<BladePage<T>>(
    path ? [path, { ...params, current: 1, size }] : null,
    businessFetcher<BladePage<T>>,
  );
  return { rows: data?.records ?? [], reload: mutate };
}

/**
 * One record by id. The business lists have no id filter and there is no detail call: the list is read in pages
 * of 500 (blade/'s largest) until the row turns up.
 */
export async function findById<T extends { id: string }>(path: string, id: string): Promise<T | null> {
  for (let current = 1; ; current += 1) {
    const page = await businessList<T>(path, { current, size: 500 });
    const row = page.records.find((r) => String(r.id) === id);
    if (row) return row;
    if (page.records.length < 500 || current * 500 >= Number(page.total)) return null;
  }
}

/** The record of a detail page; `reload` after an action changed it. */
export function useBusinessRecord<T extends { id: string }>(path: string, id: string) {
  const { data, error, isLoading, mutate } = useSWR(id ? ['business-record', path, id] : null, () =>
    findById<T>(path, id),
  );
  return {
    row: data ?? null,
    missing: !isLoading && !error && data === null,
    loading: isLoading,
    reload: mutate,
  };
}
