'use client';

import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useMemo, useState } from 'react';
import { menuHref, type ShellMenuNode } from '@/components/shell/menu-model';
import { useMenuLabel } from '@/components/shell/use-menu-label';
import { MENU_ICONS } from '@/components/system/menu-icons';
import { ancestorsOf, type MenuNode } from '@/lib/shared/menu';

export interface SideMenuProps {
  menu: MenuNode[] | undefined;
  loading: boolean;
  collapsed: boolean;
}

/**
 * The menu's own icon (`source`, a name of the icon picker's set); a submenu without one shows a folder and a page a
 * document, so that a collapsed sidebar still has something to point at.
 */
function MenuIcon({ source, branch }: { source: string | undefined; branch: boolean }) {
  // Own keys only: a stored name such as `constructor` must not pick up Object.prototype.
  const known = source && Object.hasOwn(MENU_ICONS, source) ? source : null;
  const Icon = known ? MENU_ICONS[known] : branch ? FolderOutlined : InsertDriveFileOutlined;
  // data-icon names the glyph for the browser tests (MUI's test ids are left out of production builds).
  return <Icon fontSize="small" data-icon={known ?? (branch ? 'folder' : 'page')} />;
}

function MenuEntry({
  node,
  depth,
  collapsed,
  open,
  toggle,
}: {
  node: MenuNode;
  depth: number;
  collapsed: boolean;
  open: Set<string>;
  toggle: (id: string) => void;
}) {
  const pathname = usePathname();
  const label = useMenuLabel()(node);
  const hasChildren = !!node.children?.length;
  const isOpen = open.has(node.id);
  const icon = <MenuIcon source={node.source} branch={hasChildren} />;
  const padding = collapsed ? 2 : 2 + depth * 2;

  if (!hasChildren) {
    // Top-level leaves go to their /index child; external paths to the embedded frame page.
    const href = menuHref(node as ShellMenuNode, depth === 0);
    const active = pathname === href.split('?')[0] || pathname === node.path;
    return (
      <Tooltip title={collapsed ? label : ''} placement="right">
        <ListItemButton
          component={Link}
          href={href}
          selected={active}
          sx={{ pl: padding }}
          aria-current={active ? 'page' : undefined}
        >
          <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>{icon}</ListItemIcon>
          {collapsed ? null : <ListItemText primary={label} />}
        </ListItemButton>
      </Tooltip>
    );
  }
  return (
    <>
      <Tooltip title={collapsed ? label : ''} placement="right">
        <ListItemButton onClick={() => toggle(node.id)} sx={{ pl: padding }} aria-expanded={isOpen}>
          <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>{icon}</ListItemIcon>
          {collapsed ? null : <ListItemText primary={label} />}
          {collapsed ? null : isOpen ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={isOpen} timeout="auto" unmountOnExit>
        {/* Entries are links and buttons, not list items: a <ul> of them is an invalid list (axe, issue 18). */}
        <List disablePadding component="div">
          {node.children!.map((child) => (
            <MenuEntry
              key={child.id}
              node={child}
              depth={depth + 1}
              collapsed={collapsed}
              open={open}
              toggle={toggle}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

export function SideMenu({ menu, loading, collapsed }: SideMenuProps) {
  const t = useTranslations('layout');
  const pathname = usePathname();
  // The submenus leading to the current page are open unless the user closed them; user choices win.
  const [choices, setChoices] = useState<Map<string, boolean>>(new Map());
  const open = useMemo(() => {
    const result = new Set(menu ? (ancestorsOf(menu, pathname) ?? []) : []);
    for (const [id, isOpen] of choices) {
      if (isOpen) result.add(id);
      else result.delete(id);
    }
    return result;
  }, [menu, pathname, choices]);

  const toggle = (id: string) => setChoices((prev) => new Map(prev).set(id, !open.has(id)));

  if (loading) {
    return (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  }
  if (!menu?.length) {
    return (
      <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }} role="note">
        {t('emptyMenu')}
      </Typography>
    );
  }
  return (
    <List component="nav" aria-label={t('menu')} dense>
      {menu.map((node) => (
        <MenuEntry key={node.id} node={node} depth={0} collapsed={collapsed} open={open} toggle={toggle} />
      ))}
    </List>
  );
}
