'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PATHS, type CertificateHistoryRow } from './api';
import { HistoryEntry, HistoryList } from './history-list';

/**
 * The certification body's decisions on a certificate (certificate/history), oldest first: who suspended, restored,
 * revoked or cancelled it, when, from which status to which, and why. The customer reads its own certificates' (the
 * server confines the call); a certificate never decided on says so.
 */
export function CertificateHistory({ id }: { id: string }) {
  const t = useTranslations('application.screen.cert');
  const { data, error } = useSWR<CertificateHistoryRow[]>([PATHS.certificateHistory, { id }]);
  const title = (
    <Typography component="h2" variant="subtitle1" id={`certificate-history-${id}`}>
      {t('history.title')}
    </Typography>
  );
  if (error) return null;
  if (!data)
    return (
      <Box>
        {title}
        <Typography color="text.secondary">{t('history.loading')}</Typography>
      </Box>
    );
  const status = (value: string | null) =>
    value && t.has(`status.${value}`) ? t(`status.${value}`) : (value ?? '');
  return (
    <Box>
      {title}
      {data.length === 0 ? (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      ) : (
        <HistoryList aria-labelledby={`certificate-history-${id}`} dense>
          {data.map((row) => (
            <HistoryEntry
              key={row.id}
              testId="certificate-history-row"
              action={t.has(`action.${row.action}`) ? t(`action.${row.action}`) : row.action}
              chip={
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('history.change', { from: status(row.fromStatus), to: status(row.toStatus) })}
                />
              }
              time={row.createTime}
              userName={row.userName}
              remark={row.reason ? t('history.reason', { reason: row.reason }) : undefined}
            />
          ))}
        </HistoryList>
      )}
    </Box>
  );
}
