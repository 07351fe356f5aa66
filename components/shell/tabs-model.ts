/**
 * The tab bar's state (spec 000 §2 "Tabs"): every visited page not marked non-tab opens a tab with its label, value
 * (the path) and query; tabs close by value ignoring the query. The home tab is always first and never closes.
 */

export interface Tab {
  label: string;
  /** The path, without query. */
  value: string;
  /** The query string without '?', as last visited. */
  query: string;
}

export const HOME_PATH = '/wel/index';

/** Pages that never become tabs: the frame page of external items gets its tab from its name instead. */
const NON_TAB = [/^\/404$/, /^\/403$/, /^\/500$/];

export function isNonTab(path: string): boolean {
  return NON_TAB.some((re) => re.test(path));
}

export const tabPath = (value: string) => value.split('?')[0].split('#')[0];

export function tabHref(tab: Tab): string {
  return tab.query ? `${tab.value}?${tab.query}` : tab.value;
}

/** Opens (or refreshes) the tab for a visit; the home tab stays first. */
export function openTab(tabs: Tab[], visit: Tab): Tab[] {
  if (isNonTab(visit.value)) return tabs;
  const value = tabPath(visit.value);
  const existing = tabs.findIndex((t) => t.value === value);
  if (existing >= 0) {
    const copy = [...tabs];
    copy[existing] = { ...copy[existing], query: visit.query, label: visit.label || copy[existing].label };
    return copy;
  }
  return [...tabs, { ...visit, value }];
}

/** Closes by value; a query on the value is ignored when matching. The home tab is kept. */
export function closeTab(tabs: Tab[], value: string): Tab[] {
  const path = tabPath(value);
  if (path === HOME_PATH) return tabs;
  return tabs.filter((t) => t.value !== path);
}

export function closeOthers(tabs: Tab[], keep: string): Tab[] {
  const path = tabPath(keep);
  return tabs.filter((t) => t.value === HOME_PATH || t.value === path);
}

export function closeAll(tabs: Tab[]): Tab[] {
  return tabs.filter((t) => t.value === HOME_PATH);
}

/** Where to go after closing the current tab: its right neighbour, else its left one, else home. */
export function neighbourAfterClose(tabs: Tab[], value: string): Tab | undefined {
  const i = tabs.findIndex((t) => t.value === tabPath(value));
  if (i < 0) return undefined;
  return tabs[i + 1] ?? tabs[i - 1];
}
