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
import { useCrudList } from '@/components/crud/use-crud-list';
import { filteredHref } from '@/components/crud/use-url-filters';
import { leafEntries, type ShellMenuNode } from '@/components/shell/menu-model';
import { useMenuRoutes } from '@/lib/swr/use-menu-routes';
import { DASHBOARD_TILES, visibleTiles, type DashboardTile } from './dashboard-tiles';

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
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The work tiles under the greeting: one per list the caller can open (its menu) that has a tile, so a finance
 * person, a clerk and a customer each see their own without the page naming roles.
 */
export function WorkDashboard() {
  const t = useTranslations('wel.tiles');
  const { data: routes } = useMenuRoutes();
  const tiles = useMemo(() => {
    const paths = new Set(leafEntries((routes ?? []) as ShellMenuNode[]).map((e) => e.path));
    return visibleTiles(paths, DASHBOARD_TILES);
  }, [routes]);
  if (!routes || !tiles.length) return null;
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
      </Grid>
    </section>
  );
}
