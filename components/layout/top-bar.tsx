'use client';

import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { LanguageSwitch } from '@/components/i18n/language-switch';
import { ErrorLogButton } from '@/components/shell/error-log';
import { FullscreenButton } from '@/components/shell/fullscreen-button';
import { avatarSource } from '@/components/shell/layout-model';
import { Notices } from '@/components/shell/notices';
import { useAvatarSrc } from '@/components/shell/use-avatar-src';
import { MENU_ICONS } from '@/components/system/menu-icons';
import type { SessionUser } from '@/lib/swr/use-session-user';
import type { TopMenuItem } from '@/lib/swr/use-top-menu';
import { BarButton } from '@/components/shell/bar-button';

export { avatarSource };

export interface TopBarProps {
  user: SessionUser | undefined;
  /** The avatar to show (the desktop shell's wins over the user's). */
  avatar: string | undefined;
  /** Whether there is a sidebar to collapse. */
  showCollapse: boolean;
  collapsed: boolean;
  onToggleCollapse: () => void;
  topMenu: TopMenuItem[];
  /** '' is the home item (all menus). */
  topMenuId: string;
  onTopMenu: (id: string) => void;
  onSearch: () => void;
  onTheme: () => void;
  onSwitch: () => void;
  onLock: () => void;
  onLogout: () => void;
}

export function TopBar(props: TopBarProps) {
  const { user, avatar, collapsed, topMenu, topMenuId } = props;
  const t = useTranslations('layout');
  const ts = useTranslations('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const avatarSrc = useAvatarSrc(avatar);
  const pick = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };

  return (
    <AppBar
      position="static"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: (theme) => theme.palette.shell.headerBg,
        color: (theme) => theme.palette.shell.headerText,
      }}
      data-testid="top-bar"
    >
      <Toolbar variant="dense" sx={{ gap: 0.5 }}>
        {props.showCollapse ? (
          <Tooltip title={collapsed ? t('expand') : t('collapse')}>
            <IconButton
              edge="start"
              color="inherit"
              onClick={props.onToggleCollapse}
              aria-label={collapsed ? t('expand') : t('collapse')}
            >
              {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
            </IconButton>
          </Tooltip>
        ) : null}
        <Tabs
          // A stored top menu the list does not hold (yet, or any more) selects no tab until the shell settles it.
          value={topMenuId === '' || topMenu.some((item) => item.id === topMenuId) ? topMenuId : false}
          onChange={(_, id: string) => props.onTopMenu(id)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={ts('topMenu')}
          textColor="inherit"
          sx={{ flex: 1, minHeight: 48, '& .MuiTab-root': { minHeight: 48, textTransform: 'none' } }}
        >
          <Tab value="" label={ts('topHome')} icon={<HomeOutlined fontSize="small" />} iconPosition="start" />
          {topMenu.map((item) => {
            const Icon =
              item.source && Object.hasOwn(MENU_ICONS, item.source) ? MENU_ICONS[item.source] : null;
            return (
              <Tab
                key={item.id}
                value={item.id}
                label={item.name}
                icon={Icon ? <Icon fontSize="small" /> : undefined}
                iconPosition="start"
              />
            );
          })}
        </Tabs>
        <BarButton label={ts('search')} onClick={props.onSearch}>
          <SearchIcon />
        </BarButton>
        <FullscreenButton />
        <ErrorLogButton />
        <Notices />
        <BarButton label={ts('themeSettings')} onClick={props.onTheme}>
          <PaletteOutlined />
        </BarButton>
        <LanguageSwitch />
        <BarButton label={t('lock')} onClick={props.onLock}>
          <LockOutlined />
        </BarButton>
        <Button
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          // The visible name first (WCAG 2.5.3 label in name), then what the button opens.
          aria-label={user?.real_name ? `${user.real_name} ${t('userMenu')}` : t('userMenu')}
          aria-haspopup="menu"
          startIcon={<Avatar src={avatarSrc} sx={{ width: 28, height: 28 }} alt="" data-testid="avatar" />}
          sx={{ textTransform: 'none' }}
        >
          <Typography variant="body2" component="span" data-testid="real-name">
            {user?.real_name ?? ''}
          </Typography>
        </Button>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          <MenuItem component={Link} href="/wel/index" onClick={() => setAnchor(null)}>
            {menuEntry(<HomeOutlined fontSize="small" />, t('home'))}
          </MenuItem>
          <MenuItem component={Link} href="/info/index" onClick={() => setAnchor(null)}>
            {menuEntry(<AccountCircleOutlined fontSize="small" />, ts('info'))}
          </MenuItem>
          <MenuItem onClick={pick(props.onSwitch)}>
            {menuEntry(<SwapHorizOutlined fontSize="small" />, ts('switch.menu'))}
          </MenuItem>
          <MenuItem onClick={pick(props.onLogout)}>
            {menuEntry(<LogoutOutlined fontSize="small" />, t('logout'))}
          </MenuItem>
        </Menu>
      </Toolbar>
      <Box />
    </AppBar>
  );
}

/** A line of the user menu: its icon in the menu's icon column, then its text. */
function menuEntry(icon: ReactNode, label: string) {
  return (
    <>
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </>
  );
}
