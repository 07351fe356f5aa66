'use client';

import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { usePageKeepAlive } from '@/components/shell/shell-context';
import type { SearchValues } from './search-bar';
import { useCrudList, type CrudList } from './use-crud-list';

/** A screen's search field names: the only query parameters a link may preset (the rest of the URL is not a filter). */
export type FilterNames = readonly string[];

/** The named, non-empty query parameters, in the order of `names` (so equal filters give equal keys). */
export function readUrlFilters(query: Pick<URLSearchParams, 'get'> | null, names: FilterNames): SearchValues {
  const out: SearchValues = {};
  if (!query) return out;
  for (const name of names) {
    const value = query.get(name)?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/** `?flowState=accepted&isFinished=0`: the link that shows a list with these filters (a dashboard tile's target). */
export function filteredHref(route: string, filters: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `${route}?${query}` : route;
}

/** The filters the page's URL presets for these field names; the same object while they do not change. */
export function useUrlFilters(names: FilterNames): { values: SearchValues; key: string } {
  const query = useSearchParams();
  const key = names.map((n) => `${n}=${query?.get(n)?.trim() ?? ''}`).join('&');
  // `key` captures everything readUrlFilters reads, so the memo follows the URL and not the params object.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readUrlFilters(query, names), [key]);
  return { values, key: Object.keys(values).length ? key : '' };
}

export interface UrlSearch {
  /** What the list is asked for now. */
  search: SearchValues;
  setSearch: (values: SearchValues) => void;
  /** Give it to the SearchBar as its `key`: a new link's filters re-open the bar with them shown. */
  barKey: string;
}

/**
 * A list's search state that starts from the URL's filters: a link such as a dashboard tile opens the list already
 * filtered, with the filters in the search bar. A link's filters win over a search kept with the tab (the person
 * just asked for that list); after that the person searches as usual. With `keepAliveKey` the search (and which link
 * was applied) stays with the tab, as CrudScreen keeps it.
 */
export function useUrlSearch(names: FilterNames, keepAliveKey?: string): UrlSearch {
  const url = useUrlFilters(names);
  const [search, setSearch] = usePageKeepAlive<SearchValues>(
    keepAliveKey && `${keepAliveKey}|search`,
    url.values,
  );
  // Which link's filters the search holds: none yet, so a link's filters replace a search kept from before it.
  const [applied, setApplied] = usePageKeepAlive<string>(keepAliveKey && `${keepAliveKey}|urlFilters`, '');
  // Set during render (React renders again at once, before any fetch), so the first request has the filters.
  if (url.key && url.key !== applied) {
    setApplied(url.key);
    setSearch(url.values);
  }
  return { search, setSearch, barKey: applied };
}

/**
 * A hand-made list (a SearchBar above a CrudGrid) whose search starts from the URL's filters: useUrlSearch's state and
 * the list call `url` with that search.
 */
export function useUrlSearchList<Row>(url: string, names: FilterNames): UrlSearch & { list: CrudList<Row> } {
  const urlSearch = useUrlSearch(names);
  const list = useCrudList<Row>({ url, params: urlSearch.search });
  return { ...urlSearch, list };
}
