'use client';

import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslations } from 'next-intl';
import { useState, type MouseEvent } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { HOME_PATH, type Tab as TabItem } from './tabs-model';

export interface TagsBarProps {
  tabs: TabItem[];
  current: string;
  onSelect: (tab: TabItem) => void;
  onClose: (value: string) => void;
  onCloseOthers: (value: string) => void;
  onCloseAll: () => void;
  /** Called once the user confirmed 是否需要清除缓存?. */
  onClearCache: () => void;
  onSearch: () => void;
}

/**
 * The tab bar of opened pages: right-click menu and a dropdown with the same actions plus search. Clearing the cache
 * asks 是否需要清除缓存? from either menu: the spec lists it among its confirmations without naming one entry point.
 */
export function TagsBar({
  tabs,
  current,
  onSelect,
  onClose,
  onCloseOthers,
  onCloseAll,
  onClearCache,
  onSearch,
}: TagsBarProps) {
  const t = useTranslations('shell.tabs');
  const confirm = useConfirm();
  const [context, setContext] = useState<{ x: number; y: number; value: string } | null>(null);
  const [dropdown, setDropdown] = useState<HTMLElement | null>(null);
  const selected = tabs.some((tab) => tab.value === current) ? current : false;

  const openContext = (e: MouseEvent, value: string) => {
    e.preventDefault();
    setContext({ x: e.clientX + 2, y: e.clientY - 6, value });
  };
  const act = (fn: () => void) => () => {
    setContext(null);
    setDropdown(null);
    fn();
  };
  const clearCache = async () => {
    if (await confirm(t('clearCacheConfirm'))) onClearCache();
  };

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        bgcolor: (theme) => theme.palette.shell.tagsBg,
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 40,
        pl: 1,
      }}
      role="navigation"
      aria-label={t('bar')}
      data-testid="tags-bar"
    >
      <Tabs
        value={selected}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ flex: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0, textTransform: 'none' } }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            onClick={() => onSelect(tab)}
            onContextMenu={(e) => openContext(e, tab.value)}
            data-testid="tag"
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                {tab.label}
                {tab.value === HOME_PATH ? null : (
                  <Close
                    role="button"
                    aria-hidden={false}
                    aria-label={t('close', { label: tab.label })}
                    sx={{ fontSize: 14, borderRadius: '50%', '&:hover': { bgcolor: 'action.hover' } }}
                    onClick={(e) => {
                      e.stopPropagation();
                      onClose(tab.value);
                    }}
                  />
                )}
              </Box>
            }
          />
        ))}
      </Tabs>
      <IconButton
        aria-label={t('menu')}
        onClick={(e) => setDropdown(e.currentTarget)}
        size="small"
        sx={{ mx: 1 }}
      >
        <ArrowDropDown />
      </IconButton>
      <Menu
        open={!!context}
        onClose={() => setContext(null)}
        anchorReference="anchorPosition"
        anchorPosition={context ? { top: context.y, left: context.x } : undefined}
      >
        <MenuItem onClick={act(() => void clearCache())}>{t('clearCache')}</MenuItem>
        <MenuItem onClick={act(() => context && onCloseOthers(context.value))}>{t('closeOthers')}</MenuItem>
        <MenuItem onClick={act(onCloseAll)}>{t('closeAll')}</MenuItem>
      </Menu>
      <Menu anchorEl={dropdown} open={!!dropdown} onClose={() => setDropdown(null)}>
        <MenuItem onClick={act(onSearch)}>{t('search')}</MenuItem>
        <MenuItem onClick={act(() => onCloseOthers(current))}>{t('closeOthers')}</MenuItem>
        <MenuItem onClick={act(onCloseAll)}>{t('closeAll')}</MenuItem>
        <MenuItem onClick={act(() => void clearCache())}>{t('clearCache')}</MenuItem>
      </Menu>
    </Box>
  );
}
