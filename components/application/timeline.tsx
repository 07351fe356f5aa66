'use client';

import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PATHS, type TimelineRow } from './api';
import { StateChip } from './state-chip';

/**
 * The case's history, oldest first (flow_timeline_by_businessId). A plain list: @mui/lab (Timeline) is not among the
 * portal's packages, and a list reads the same to assistive technology.
 */
export function ApplicationTimeline({ id }: { id: string }) {
  const t = useTranslations('application');
  const { data } = useSWR<TimelineRow[]>([PATHS.timeline, { businessId: id }]);
  if (!data) return <Typography color="text.secondary">{t('screen.common.loading')}</Typography>;
  if (!data.length) return <Typography color="text.secondary">{t('screen.timeline.empty')}</Typography>;
  const actionLabel = (action: string) => (t.has(`action.${action}`) ? t(`action.${action}`) : action);
  return (
    <List aria-label={t('screen.detail.tabs.timeline')} sx={{ borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {data.map((row) => (
        <ListItem key={row.id} alignItems="flex-start" data-testid="timeline-row">
          <ListItemText
            primary={
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Typography component="span" variant="subtitle2">
                  {actionLabel(row.action)}
                </Typography>
                <StateChip state={row.toState} />
                <Typography component="span" variant="caption" color="text.secondary">
                  {row.createTime}
                  {row.userName ? ` · ${row.userName}` : ''}
                </Typography>
              </Box>
            }
            secondary={row.comment || undefined}
          />
        </ListItem>
      ))}
    </List>
  );
}
