'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { useErrorLog } from '@/components/shell/error-log';
import { useShell } from '@/components/shell/shell-context';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import { DASHBOARD_FIGURES_PATH, type DashboardFigures } from '@/lib/contracts/dashboard/figures';
import { useNewMessages } from '@/lib/swr/use-messages';

// The chart library loads with this page only.
const DashboardCharts = dynamic(() => import('./dashboard-charts'), {
  ssr: false,
  loading: () => <Skeleton variant="rectangular" height={300} sx={{ mt: 2 }} />,
});

const FIGURES = `/api${DASHBOARD_FIGURES_PATH}`;

/**
 * /wel/dashboard (hidden from the menu): the institute's figures as charts (for its administrators: blade/ answers
 * anyone else 403, and the page says so), then the user's unread messages, local error log and the shell's sizes.
 */
export function DashboardPanel() {
  const t = useTranslations('shell.dashboard');
  const { data } = useNewMessages();
  const errors = useErrorLog();
  const { screen, contentSize } = useShell();
  const figures = useSWR<DashboardFigures, unknown>(FIGURES, async (path: string) => {
    return (await bladeRequest<DashboardFigures>(path, { silent: true })).data;
  });
  const refused = figures.error instanceof BladeError && figures.error.status === 403;
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
      {figures.data && <DashboardCharts figures={figures.data} />}
      {refused && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('figuresRefused')}
        </Alert>
      )}
      {figures.error && !refused ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('figuresFailed')}
        </Alert>
      ) : null}
    </>
  );
}
