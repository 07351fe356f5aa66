'use client';

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import useSWR from 'swr';
import { useCrudList } from '@/components/crud/use-crud-list';
import { filteredHref } from '@/components/crud/use-url-filters';
import { leafEntries, type ShellMenuNode } from '@/components/shell/menu-model';
import { openNotices } from '@/components/shell/notices';
import { bladeRequest } from '@/lib/client/fetcher';
import { useMenuRoutes } from '@/lib/swr/use-menu-routes';
import { useNewMessages } from '@/lib/swr/use-messages';
import { DASHBOARD_TILES, visibleTiles, type DashboardTile } from './dashboard-tiles';
import { MyOpenApplications } from './my-open-applications';

const MONTH_SUMMARY = '/api/business-service/realIncome/monthSummary';
/** A customer's 我的申请: whose menu holds it (and no staff list) sees their open applications with their steps. */
const MY_APPLICATIONS = '/application/myApplication';

interface MonthSummary {
  month: string;
  receiptCount: number;
  received: string;
  planned: string;
}

/** The receipts tile's second line: the month's received and planned sums, as the server's decimal texts. */
function ReceiptPlanLine({ month }: { month: string }) {
  const t = useTranslations('wel.tiles');
  const { data } = useSWR([MONTH_SUMMARY, month], async ([path, m]) => {
    return (await bladeRequest<MonthSummary>(path, { params: { month: m }, silent: true })).data;
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="tile-secondary">
      {t('receiptPlan', { received: data.received, planned: data.planned })}
    </Typography>
  );
}

/**
 * Unread messages: the top bar's own count (the same call and cache as its badge), and the tile opens the bar's
 * message popover, where messages are read (there is no message list screen).
 */
function UnreadTile() {
  const t = useTranslations('wel.tiles');
  const { data } = useNewMessages();
  return (
    <Card variant="outlined" data-unread-tile="unreadMessages" sx={{ height: '100%' }}>
      <CardActionArea onClick={(e) => openNotices(e.currentTarget)} sx={{ height: '100%' }}>
        <CardContent>
          {data ? (
            <Typography component="p" variant="h4" data-testid="tile-count">
              {data.unreadCount}
            </Typography>
          ) : (
            <Skeleton width={48} height={40} />
          )}
          <Typography color="text.secondary">{t('unreadMessages')}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** One tile: the list call's total (a one-row page through the lists' own fetcher) and the link to that list. */
function Tile({ tile }: { tile: DashboardTile }) {
  const t = useTranslations('wel.tiles');
  const list = useCrudList({
    url: tile.list.url,
    method: tile.list.method,
    params: tile.filters,
    pageSize: 1,
  });
  const href = filteredHref(tile.route, { ...tile.routeQuery, ...tile.filters });
  return (
    <Card variant="outlined" data-tile={tile.id} sx={{ height: '100%' }}>
      <CardActionArea component={Link} href={href} sx={{ height: '100%' }}>
        <CardContent>
          {list.loading ? (
            <Skeleton width={48} height={40} />
          ) : (
            <Typography component="p" variant="h4" data-testid="tile-count">
              {list.total}
            </Typography>
          )}
          <Typography color="text.secondary">{t(tile.id)}</Typography>
          {tile.secondary === 'receiptPlan' && tile.filters.receivedFrom && (
            <ReceiptPlanLine month={tile.filters.receivedFrom.slice(0, 7)} />
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The work tiles under the greeting: one per list the caller can open (its menu) that has a tile, so a finance
 * person, a clerk and a customer each see their own without the page naming roles; everyone has unread messages.
 */
export function WorkDashboard() {
  const t = useTranslations('wel.tiles');
  const { data: routes } = useMenuRoutes();
  const paths = useMemo(
    () => new Set(leafEntries((routes ?? []) as ShellMenuNode[]).map((e) => e.path)),
    [routes],
  );
  const tiles = useMemo(() => visibleTiles(paths, DASHBOARD_TILES), [paths]);
  if (!routes) return null;
  return (
    <section aria-labelledby="work-tiles-title">
      <Typography id="work-tiles-title" component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
        {t('title')}
      </Typography>
      <Grid container spacing={2}>
        {tiles.map((tile) => (
          <Grid key={tile.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Tile tile={tile} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <UnreadTile />
        </Grid>
      </Grid>
      {paths.has(MY_APPLICATIONS) && tiles.every((tile) => tile.customer) && <MyOpenApplications />}
    </section>
  );
}
