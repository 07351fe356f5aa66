'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PATHS, type CertificateHistoryRow } from './api';

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
        <List
          aria-labelledby={`certificate-history-${id}`}
          dense
          sx={{ borderLeft: 2, borderColor: 'divider', ml: 1 }}
        >
          {data.map((row) => (
            <ListItem key={row.id} alignItems="flex-start" data-testid="certificate-history-row">
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                  >
                    <Typography component="span" variant="subtitle2">
                      {t.has(`action.${row.action}`) ? t(`action.${row.action}`) : row.action}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('history.change', { from: status(row.fromStatus), to: status(row.toStatus) })}
                    />
                    <Typography component="span" variant="caption" color="text.secondary">
                      {row.createTime}
                      {row.userName ? ` · ${row.userName}` : ''}
                    </Typography>
                  </Box>
                }
                secondary={row.reason ? t('history.reason', { reason: row.reason }) : undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
