'use client';

import CircularProgress from '@mui/material/CircularProgress';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import useSWR from 'swr';
import { indexRedirect, type ShellMenuNode } from './menu-model';
import { tabsStore } from './settings';
import { closeTab } from './tabs-model';

/**
 * A path no page serves: a top-level menu item without children redirects to its /index child (spec 000 §2);
 * anything else goes to /404.
 */
export function UnknownRoute() {
  const pathname = usePathname();
  const router = useRouter();
  const { data: menu, error } = useSWR<ShellMenuNode[]>('/api/blade-system/menu/routes');
  useEffect(() => {
    if (!menu && !error) return;
    // The shell opened a tab for this path before anyone knew it serves nothing: take it back.
    tabsStore.set((tabs) => closeTab(tabs, pathname));
    router.replace((menu && indexRedirect(menu, pathname)) ?? '/404');
  }, [menu, error, pathname, router]);
  return <CircularProgress size={24} aria-busy="true" />;
}
