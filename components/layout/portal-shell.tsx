'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { bladeRequest } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { useMenuRoutes } from '@/lib/swr/use-menu-routes';
import { useSessionUser } from '@/lib/swr/use-session-user';
import { LockPasswordDialog } from './lock-password-dialog';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const sidebarWidth = 220;
const collapsedWidth = 64;

interface PortalSessionInfo {
  hasLockPassword: boolean;
}

/** The layout every signed-in page lives in: left menu from `menu/routes`, top bar with user, language, lock, logout. */
export function PortalShell({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const confirm = useConfirm();
  const { data: user } = useSessionUser();
  const { data: menu, isLoading: menuLoading } = useMenuRoutes();
  const [collapsed, setCollapsed] = useState(false);
  const [askLockPassword, setAskLockPassword] = useState(false);

  const logout = async () => {
    if (!(await confirm(t('layout.logoutConfirm')))) return;
    try {
      await bladeRequest('/api/blade-auth/oauth/logout', { method: 'POST' });
    } finally {
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
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          width,
          flexShrink: 0,
          bgcolor: '#20222a',
          color: 'rgba(255,255,255,0.85)',
          transition: 'width 200ms',
          overflowX: 'hidden',
          '& .Mui-selected': { bgcolor: 'primary.main', color: '#fff' },
        }}
      >
        <Box
          component={Link}
          href="/wel/index"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            height: 48,
            px: 2,
            color: '#fff',
            textDecoration: 'none',
          }}
          aria-label={t('app.title')}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={28} height={28} />
          {collapsed ? null : (
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
              {t('app.shortTitle')}
            </Typography>
          )}
        </Box>
        <SideMenu menu={menu} loading={menuLoading} collapsed={collapsed} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          user={user}
          collapsed={collapsed}
          onToggleCollapse={() => setCollapsed((c) => !c)}
          onLock={() => void lock()}
          onLogout={() => void logout()}
        />
        <Box component="main" sx={{ flex: 1, p: 2, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
      <LockPasswordDialog
        open={askLockPassword}
        onClose={() => setAskLockPassword(false)}
        onSubmit={async (password) => {
          await lockWith(password);
          setAskLockPassword(false);
        }}
      />
    </Box>
  );
}
