'use client';

import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME_NAME } from '@/lib/theme/themes';
import { PersistentValue } from './browser-store';
import { DEFAULT_LAYOUT_MODE, toLayoutMode, type DesktopShell, type LayoutMode } from './layout-model';
import { HOME_PATH, type Tab } from './tabs-model';

/** UI state of spec 000 §3 kept in the browser: theme name, layout mode, collapse, opened tabs; desktop shell flags. */
export const themeNameStore = new PersistentValue<string>('themeName', DEFAULT_THEME_NAME);
export const layoutModeStore = new PersistentValue<LayoutMode>('layoutMode', DEFAULT_LAYOUT_MODE);
export const collapseStore = new PersistentValue<boolean>('collapse', false);
export const homeTab = (label: string): Tab => ({ label, value: HOME_PATH, query: '' });
export const tabsStore = new PersistentValue<Tab[]>('tagList', []);
/** The picked top menu ('' is the home item), kept over reloads like the tabs and with the same owner. */
export const topMenuStore = new PersistentValue<string>('topMenuId', '');
/**
 * Whose tabs and top menu `tabsStore` and `topMenuStore` hold (tenant:user): another account signing in on this
 * browser starts with none.
 */
export const tabsOwnerStore = new PersistentValue<string>('tagOwner', '');
/** Per browser tab: a desktop shell that announced itself by query keeps its flags while the user navigates. */
export const desktopShellStore = new PersistentValue<DesktopShell | null>('desktopShell', null, 'session');

export function usePersistent<T>(store: PersistentValue<T>): [T, PersistentValue<T>['set']] {
  const value = useSyncExternalStore(store.subscribe, store.get, store.getServer);
  return [value, store.set];
}

export function useThemeName() {
  return usePersistent(themeNameStore);
}

export function useLayoutMode(): [LayoutMode, (m: LayoutMode) => void] {
  const [mode, set] = usePersistent(layoutModeStore);
  return [toLayoutMode(mode), set];
}
