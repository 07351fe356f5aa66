'use client';

import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { PageErrorBoundary } from '@/components/shell/error-log';
import {
  applyDesktopShell,
  desktopShellFromObject,
  desktopShellFromQuery,
  layoutFlags,
  type DesktopShell,
} from '@/components/shell/layout-model';
import { filterByRoles, leafEntries, type ShellMenuNode } from '@/components/shell/menu-model';
import { routeLabel } from '@/components/shell/route-labels';
import {
  collapseStore,
  desktopShellStore,
  homeTab,
  tabsOwnerStore,
  tabsStore,
  topMenuStore,
  useLayoutMode,
  usePersistent,
  useThemeName,
} from '@/components/shell/settings';
import { clearKeepAlive, ShellProvider, useScreenClass } from '@/components/shell/shell-context';
import { TagsBar } from '@/components/shell/tags-bar';
import {
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  isNonTab,
  neighbourAfterClose,
  openTab,
  tabHref,
  type Tab,
} from '@/components/shell/tabs-model';
import { useDocumentTitle } from '@/components/shell/use-document-title';
import { useMenuLabel } from '@/components/shell/use-menu-label';
import { installErrorLog } from '@/lib/client/error-log';
import { bladeRequest } from '@/lib/client/fetcher';
import { hardNavigate, withBasePath } from '@/lib/client/navigation';
import { useSessionUser } from '@/lib/swr/use-session-user';
import { useTopMenu } from '@/lib/swr/use-top-menu';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

// The shell's dialogs load when first opened, not with every page (the first-load budget of issue 18), and stay mounted
// afterwards so that they close with their transition.
const MenuSearch = dynamic(() => import('@/components/shell/menu-search').then((m) => m.MenuSearch), {
  ssr: false,
});
const ThemeDialog = dynamic(() => import('@/components/shell/theme-dialog').then((m) => m.ThemeDialog), {
  ssr: false,
});
const SwitchDialog = dynamic(() => import('@/components/shell/switch-dialog').then((m) => m.SwitchDialog), {
  ssr: false,
});
const RegisterGuestDialog = dynamic(
  () => import('@/components/shell/register-guest-dialog').then((m) => m.RegisterGuestDialog),
  { ssr: false },
);
const LockPasswordDialog = dynamic(() => import('./lock-password-dialog').then((m) => m.LockPasswordDialog), {
  ssr: false,
});

/** True from the first time `open` is true: the dialog is mounted from then on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

const sidebarWidth = 220;
const collapsedWidth = 64;

interface PortalSessionInfo {
  hasLockPassword: boolean;
}

declare global {
  interface Window {
    __DESKTOP_SHELL__?: unknown;
  }
}

/**
 * The layout every signed-in page lives in (spec 000 §2): optional top bar, side menu and tag bar by layout mode
 * (or the desktop shell's flags), top menu filtering the side menu, tabs, menu search, theme and layout dialog,
 * notices, error log, department/role switch, lock and logout.
 */
export function PortalShell({
  children,
  routeLabels,
}: {
  children: ReactNode;
  /** `routeLabelTable(RESOURCE_MENUS)`, read on the server. */
  routeLabels: Readonly<Record<string, string>>;
}) {
  const t = useTranslations();
  const ts = useTranslations('shell');
  const confirm = useConfirm();
  const notify = useNotify();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const { mutate } = useSWRConfig();
  const { data: user } = useSessionUser();
  const [layoutMode, setLayoutMode] = useLayoutMode();
  const [themeName, setThemeName] = useThemeName();
  const [collapsedSetting, setCollapsed] = usePersistent(collapseStore);
  const [storedTabs, setTabs] = usePersistent(tabsStore);
  const [desktopShell, setDesktopShell] = usePersistent(desktopShellStore);
  const [topMenuId, setTopMenuId] = usePersistent(topMenuStore);
  const { data: topMenu } = useTopMenu();
  const flags = applyDesktopShell(layoutFlags(layoutMode), desktopShell);
  // Without the top bar there is no way back to the home item: the side menu then shows everything. A remembered
  // top menu that is no longer offered (removed, or its grant taken) falls back to the home item too.
  const topMenuOffered = !topMenu || topMenu.some((item) => item.id === topMenuId);
  const activeTopMenu = flags.top && topMenuOffered ? topMenuId : '';
  // The whole tree names tabs and feeds the search; the side menu shows the picked top menu's part of it.
  const { data: fullMenu, isLoading: fullLoading } = useSWR<ShellMenuNode[]>('/api/blade-system/menu/routes');
  const { data: topMenuPart, isLoading: partLoading } = useSWR<ShellMenuNode[]>(
    activeTopMenu ? ['/api/blade-system/menu/routes', { topMenuId: activeTopMenu }] : null,
  );
  const [askLockPassword, setAskLockPassword] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [switchOpen, setSwitchOpen] = useState(false);
  const [content, setContent] = useState<HTMLElement | null>(null);
  const screen = useScreenClass();
  const searchUsed = useOpenedOnce(searchOpen);
  const themeUsed = useOpenedOnce(themeOpen);
  const switchUsed = useOpenedOnce(switchOpen);
  const lockUsed = useOpenedOnce(askLockPassword);

  // The desktop shell announces itself once per browser tab (query flag) or on every page (injected object).
  useEffect(() => {
    const fromQuery = desktopShellFromQuery(window.location.search);
    const fromObject = desktopShellFromObject(window.__DESKTOP_SHELL__);
    const found: DesktopShell | null = fromObject ?? fromQuery;
    if (found) setDesktopShell(found);
  }, [setDesktopShell]);
  useEffect(() => installErrorLog(), []);
  // Tabs name pages another account may not be allowed to see: a new session without a logout (expiry, a login in
  // another browser tab) must not inherit them.
  const owner = user ? `${user.tenant_id}:${user.user_id}` : '';
  useEffect(() => {
    // Read from storage, not a hook snapshot: during hydration a snapshot still holds the server's empty default.
    if (!owner || tabsOwnerStore.get() === owner) return;
    setTabs([]);
    setTopMenuId('');
    tabsOwnerStore.set(owner);
  }, [owner, setTabs, setTopMenuId]);

  const collapsed = collapsedSetting || screen === 0;
  const aliases = useMemo(() => (user?.role_name ?? '').split(',').filter(Boolean), [user?.role_name]);
  const isGuest = aliases.includes('guest');
  const menu = useMemo(() => (fullMenu ? filterByRoles(fullMenu, aliases) : undefined), [fullMenu, aliases]);
  const sideMenu = useMemo(
    () => (activeTopMenu ? (topMenuPart ? filterByRoles(topMenuPart, aliases) : undefined) : menu),
    [activeTopMenu, topMenuPart, aliases, menu],
  );
  const menuLabel = useMenuLabel();
  const entries = useMemo(() => leafEntries(menu ?? [], menuLabel), [menu, menuLabel]);
  const home = homeTab(t('layout.home'));
  const tabs = storedTabs.length && storedTabs[0].value === HOME_PATH ? storedTabs : [home, ...storedTabs];

  const labelOf = useCallback(
    (path: string, query: URLSearchParams): string =>
      path === HOME_PATH
        ? t('layout.home')
        : routeLabel(path, query, {
            menu: menu ?? [],
            menuLabel,
            message: (key) => t(key),
            labels: routeLabels,
          }),
    [menu, menuLabel, t, routeLabels],
  );

  // ?target= opens the route in a new window and leaves this one where it was.
  const previous = useRef<string>(HOME_PATH);
  const query = searchParams.toString();
  useEffect(() => {
    const params = new URLSearchParams(query);
    if (params.has('target')) {
      params.delete('target');
      const rest = params.toString();
      window.open(withBasePath(rest ? `${pathname}?${rest}` : pathname), '_blank', 'noopener');
      router.replace(previous.current);
      return;
    }
    previous.current = query ? `${pathname}?${query}` : pathname;
    const label = labelOf(pathname, params);
    if (!isNonTab(pathname))
      setTabs((list) => openTab(list.length ? list : [home], { label, value: pathname, query }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per navigation (and when labels arrive)
  }, [pathname, query, labelOf]);

  const pageLabel = useMemo(() => labelOf(pathname, new URLSearchParams(query)), [labelOf, pathname, query]);
  useDocumentTitle(`${pageLabel} - ${t('app.shortTitle')}`);

  const go = (tab: Tab) => router.push(tabHref(tab));
  const onClose = (value: string) => {
    if (value === pathname) {
      const next = neighbourAfterClose(tabs, value);
      router.push(next ? tabHref(next) : HOME_PATH);
    }
    clearKeepAlive(value.split('?')[0]);
    setTabs(closeTab(tabs, value));
  };
  const onCloseOthers = (value: string) => {
    // Closed tabs forget their kept state, whichever way they were closed.
    for (const tab of tabs) if (tab.value !== value) clearKeepAlive(tab.value.split('?')[0]);
    setTabs(closeOthers(tabs, value));
    if (value !== pathname) router.push(value);
  };
  const onCloseAll = () => {
    clearKeepAlive();
    setTabs(closeAll(tabs));
    router.push(HOME_PATH);
  };
  // Asked first by the tag bar (是否需要清除缓存?).
  const onClearCache = async () => {
    clearKeepAlive();
    // The server's caches are the administrators' to clear (403 for others); everyone's own caches are cleared here.
    await bladeRequest('/api/blade-auth/oauth/clear-cache', { silent: true }).catch(() => undefined);
    await mutate(() => true);
    notify(ts('tabs.cleared'), 'success');
  };

  const logout = async () => {
    if (!(await confirm(t('layout.logoutConfirm')))) return;
    await endSession();
  };
  const endSession = async () => {
    try {
      await bladeRequest('/api/blade-auth/oauth/logout', { method: 'POST' });
    } finally {
      // Logout clears the tabs too (spec 000 §4).
      setTabs([]);
      hardNavigate('/login');
    }
  };
  const lockWith = async (password?: string) => {
    await bladeRequest('/api/portal/lock', { method: 'POST', body: password ? { password } : {} });
    // The spec locks, then moves to /lock after about 100 ms.
    setTimeout(() => hardNavigate('/lock'), 100);
  };
  const lock = async () => {
    const session = await bladeRequest<PortalSessionInfo>('/api/portal/session');
    if (session.data.hasLockPassword) await lockWith();
    else setAskLockPassword(true);
  };

  const width = collapsed ? collapsedWidth : sidebarWidth;
  const openSearch = useCallback(() => setSearchOpen(true), []);
  return (
    <ShellProvider contentElement={content} openSearch={openSearch} screen={screen}>
      <Box
        sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
        data-layout-mode={layoutMode}
        data-top={flags.top}
        data-left={flags.left}
        data-tags={flags.tags}
        data-screen={screen}
      >
        {flags.left ? (
          <Box
            component="aside"
            data-testid="sidebar"
            sx={{
              width,
              flexShrink: 0,
              bgcolor: (theme) => theme.palette.shell.sidebarBg,
              color: (theme) => theme.palette.shell.sidebarText,
              transition: 'width 200ms',
              overflowX: 'hidden',
              '& .Mui-selected, & .Mui-selected:hover': {
                bgcolor: (theme) => `${theme.palette.shell.sidebarActiveBg} !important`,
                color: (theme) => theme.palette.shell.sidebarActiveText,
              },
            }}
          >
            <Box
              component={Link}
              href={HOME_PATH}
              data-testid="logo"
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: collapsed ? 'center' : 'flex-start',
                gap: 1,
                height: 48,
                px: 2,
                color: 'inherit',
                bgcolor: (theme) => theme.palette.shell.logoBg,
                textDecoration: 'none',
              }}
              // Collapsed it shows only the logo; open, its visible short title names it (WCAG 2.5.3).
              aria-label={collapsed ? t('app.title') : undefined}
            >
              {collapsed ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={withBasePath('/logo.svg')} alt="" width={28} height={28} data-testid="logo-icon" />
              ) : (
                <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="logo-title">
                  {t('app.shortTitle')}
                </Typography>
              )}
            </Box>
            <SideMenu
              menu={sideMenu}
              loading={activeTopMenu ? partLoading : fullLoading}
              collapsed={collapsed}
            />
          </Box>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {flags.top ? (
            <TopBar
              user={user}
              avatar={desktopShell?.avatar ?? user?.avatar}
              showCollapse={flags.left}
              collapsed={collapsed}
              onToggleCollapse={() => setCollapsed(!collapsedSetting)}
              topMenu={topMenu ?? []}
              topMenuId={activeTopMenu}
              onTopMenu={setTopMenuId}
              onSearch={openSearch}
              onTheme={() => setThemeOpen(true)}
              onSwitch={() => setSwitchOpen(true)}
              onLock={() => void lock()}
              onLogout={() => void logout()}
            />
          ) : null}
          {flags.tags ? (
            <TagsBar
              // Labels follow the current language and menu, not the language they were opened in.
              tabs={tabs.map((tab) => ({
                ...tab,
                label: labelOf(tab.value, new URLSearchParams(tab.query)),
              }))}
              current={pathname}
              onSelect={go}
              onClose={onClose}
              onCloseOthers={onCloseOthers}
              onCloseAll={onCloseAll}
              onClearCache={() => void onClearCache()}
              onSearch={openSearch}
            />
          ) : null}
          <Box component="main" ref={setContent} sx={{ flex: 1, p: 2, minWidth: 0 }}>
            <PageErrorBoundary
              resetKey={pathname}
              fallback={(retry) => (
                <Box role="alert" sx={{ p: 3 }}>
                  <Typography sx={{ mb: 2 }}>{ts('errorLog.renderFailed')}</Typography>
                  <Button variant="outlined" onClick={retry}>
                    {ts('errorLog.retry')}
                  </Button>
                </Box>
              )}
            >
              {children}
            </PageErrorBoundary>
          </Box>
        </Box>
        {flags.top ? null : (
          // Without the top bar the theme and layout dialog must stay reachable.
          <Tooltip title={ts('layoutSettings')}>
            <Fab
              size="small"
              color="primary"
              aria-label={ts('layoutSettings')}
              onClick={() => setThemeOpen(true)}
              sx={{ position: 'fixed', right: 16, bottom: 16 }}
            >
              <TuneIcon />
            </Fab>
          </Tooltip>
        )}
      </Box>
      {searchUsed ? (
        <MenuSearch
          open={searchOpen}
          entries={entries}
          onClose={() => setSearchOpen(false)}
          onPick={(entry) => router.push(entry.href)}
        />
      ) : null}
      {themeUsed ? (
        <ThemeDialog
          open={themeOpen}
          onClose={() => setThemeOpen(false)}
          themeName={themeName}
          onTheme={setThemeName}
          layoutMode={layoutMode}
          onLayoutMode={setLayoutMode}
        />
      ) : null}
      {switchUsed ? (
        <SwitchDialog
          open={switchOpen}
          onClose={() => setSwitchOpen(false)}
          userId={user?.user_id}
          currentDept={user?.dept_id}
          currentRole={user?.role_id}
        />
      ) : null}
      {/* A guest session of an SSO/social login stands for a third-party account: the registration binds it. */}
      {isGuest ? (
        <RegisterGuestDialog open oauthId={user?.oauth_id || undefined} onLogout={endSession} />
      ) : null}
      {lockUsed ? (
        <LockPasswordDialog
          open={askLockPassword}
          onClose={() => setAskLockPassword(false)}
          onSubmit={async (password) => {
            await lockWith(password);
            setAskLockPassword(false);
          }}
        />
      ) : null}
    </ShellProvider>
  );
}
