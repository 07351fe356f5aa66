'use client';

import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LanguageSwitch } from '@/components/i18n/language-switch';
import type { SessionUser } from '@/lib/swr/use-session-user';

export interface TopBarProps {
  user: SessionUser | undefined;
  collapsed: boolean;
  onToggleCollapse: () => void;
  onLock: () => void;
  onLogout: () => void;
}

/** A 32-character avatar is a file id (shown through the file service), anything else a URL, none the default logo. */
export function avatarSource(avatar: string | undefined): string {
  if (!avatar) return '/logo.svg';
  if (avatar.length === 32)
    return `/api/blade-resource/file/getFileById?fileId=${encodeURIComponent(avatar)}`;
  return avatar;
}

export function TopBar({ user, collapsed, onToggleCollapse, onLock, onLogout }: TopBarProps) {
  const t = useTranslations('layout');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <AppBar position="static" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Tooltip title={collapsed ? t('expand') : t('collapse')}>
          <IconButton
            edge="start"
            onClick={onToggleCollapse}
            aria-label={collapsed ? t('expand') : t('collapse')}
          >
            {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        <Tooltip title={t('lock')}>
          <IconButton onClick={onLock} aria-label={t('lock')}>
            <LockOutlined />
          </IconButton>
        </Tooltip>
        <Button
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('userMenu')}
          startIcon={<Avatar src={avatarSource(user?.avatar)} sx={{ width: 28, height: 28 }} alt="" />}
          sx={{ textTransform: 'none' }}
        >
          <Typography variant="body2" component="span" data-testid="real-name">
            {user?.real_name ?? ''}
          </Typography>
        </Button>
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onLogout();
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            {t('logout')}
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
