'use client';

import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import { withCount } from './badge-label';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { markRead, useNewMessages, type MessageItem } from '@/lib/swr/use-messages';
import { DropPopover } from './drop-popover';
import { PortalDialog } from './portal-dialog';
import { BarButton } from './bar-button';

const TABS = [
  { category: 1, key: 'mail' },
  { category: 2, key: 'message' },
  { category: 3, key: 'notice' },
] as const;

const OPEN_NOTICES = 'shell:open-notices';

/** Opens the notices popover at `anchor` (the dashboard's unread tile: messages are read there). */
export function openNotices(anchor: HTMLElement): void {
  window.dispatchEvent(new CustomEvent<HTMLElement>(OPEN_NOTICES, { detail: anchor }));
}

/** The top bar's notices: unread badge, a popover with mail/message/notice tabs of the user's real messages. */
export function Notices() {
  const t = useTranslations('shell.notices');
  const { data, mutate } = useNewMessages();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState(0);
  const [reading, setReading] = useState<MessageItem | null>(null);
  const current = TABS[tab];
  useEffect(() => {
    const onOpen = (e: Event) => setAnchor((e as CustomEvent<HTMLElement>).detail);
    window.addEventListener(OPEN_NOTICES, onOpen);
    return () => window.removeEventListener(OPEN_NOTICES, onOpen);
  }, []);
  const records = (data?.records ?? []).filter((m) => m.category === current.category);

  const open = async (message: MessageItem) => {
    setAnchor(null);
    setReading(message);
    if (!message.isReaded) {
      await markRead([message.id]).catch(() => undefined);
      await mutate();
    }
  };

  return (
    <>
      <BarButton
        label={withCount(t('title'), data?.unreadCount ?? 0, 99)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge
          badgeContent={data?.unreadCount || undefined}
          max={99}
          color="error"
          data-testid="notice-badge"
        >
          <NotificationsOutlined />
        </Badge>
      </BarButton>
      <DropPopover anchor={anchor} onClose={() => setAnchor(null)}>
        <Box sx={{ width: 340 }} data-testid="notices">
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth">
            {TABS.map((item) => (
              <Tab
                key={item.key}
                label={`${t(item.key)}${data?.unread?.[item.key] ? ` (${data.unread[item.key]})` : ''}`}
              />
            ))}
          </Tabs>
          {records.length ? (
            <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
              {records.map((m) => (
                <ListItemButton key={m.id} onClick={() => void open(m)}>
                  <ListItemText
                    primary={m.title}
                    secondary={m.createTime}
                    slotProps={{ primary: { sx: { fontWeight: m.isReaded ? 400 : 700 } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
              {t('empty')}
            </Typography>
          )}
          <Box
            sx={{ display: 'flex', justifyContent: 'flex-end', p: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Button
              size="small"
              disabled={!data?.unreadCount}
              onClick={async () => {
                await markRead('all');
                await mutate();
              }}
            >
              {t('markAllRead')}
            </Button>
          </Box>
        </Box>
      </DropPopover>
      <PortalDialog
        open={!!reading}
        onClose={() => setReading(null)}
        title={reading?.title ?? t('detail')}
        width={600}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('sender')}: {reading?.sender} · {t('time')}: {reading?.createTime}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="message-content">
          {reading?.content}
        </Typography>
      </PortalDialog>
    </>
  );
}
