'use client';

import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PATHS, type TimelineRow } from './api';
import { HistoryEntry, HistoryList } from './history-list';
import { StateChip } from './state-chip';

/** The case's history, oldest first (flow_timeline_by_businessId). */
export function ApplicationTimeline({ id }: { id: string }) {
  const t = useTranslations('application');
  const { data } = useSWR<TimelineRow[]>([PATHS.timeline, { businessId: id }]);
  if (!data) return <Typography color="text.secondary">{t('screen.common.loading')}</Typography>;
  if (!data.length) return <Typography color="text.secondary">{t('screen.timeline.empty')}</Typography>;
  const actionLabel = (action: string) => (t.has(`action.${action}`) ? t(`action.${action}`) : action);
  return (
    <HistoryList aria-label={t('screen.detail.tabs.timeline')}>
      {data.map((row) => (
        <HistoryEntry
          key={row.id}
          testId="timeline-row"
          action={actionLabel(row.action)}
          chip={<StateChip state={row.toState} />}
          time={row.createTime}
          userName={row.userName}
          remark={row.comment || undefined}
        />
      ))}
    </HistoryList>
  );
}
