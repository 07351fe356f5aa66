'use client';

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useErrorLog } from '@/components/shell/error-log';
import { useShell } from '@/components/shell/shell-context';
import { useNewMessages } from '@/lib/swr/use-messages';

/** /wel/dashboard (hidden from the menu): the user's unread messages, local error log and the shell's sizes. */
export function DashboardPanel() {
  const t = useTranslations('shell.dashboard');
  const { data } = useNewMessages();
  const errors = useErrorLog();
  const { screen, contentSize } = useShell();
  const items = [
    [t('unread'), String(data?.unreadCount ?? 0)],
    [t('errors'), String(errors.length)],
    [t('screen'), String(screen)],
    [t('content'), `${contentSize.width} × ${contentSize.height}`],
  ];
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Grid container spacing={2}>
        {items.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography variant="h5" data-testid={`dashboard-${label}`}>
                  {value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
