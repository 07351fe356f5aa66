'use client';

import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PortalDialog } from '@/components/shell/portal-dialog';
import { loadHistory } from './api';
import type { FileRow } from './model';

/** Who did what to a file and when, newest first, as the server recorded it. */
export function HistoryDialog({ file, onClose }: { file: FileRow | null; onClose: () => void }) {
  const t = useTranslations('files.history');
  const { data, error } = useSWR(file ? ['file-history', file.id] : null, ([, id]: [string, string]) =>
    loadHistory(id),
  );
  const actionLabel = (action: string) => (t.has(`action.${action}`) ? t(`action.${action}`) : action);

  return (
    <PortalDialog open={!!file} onClose={onClose} title={t('title', { name: file?.originalFilename ?? '' })}>
      {error ? (
        <Typography color="error">{t('failed')}</Typography>
      ) : !data ? (
        <Skeleton height={120} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('time')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('user')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('what')}</TableCell>
              <TableCell>{t('detail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.createTime}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.account ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{actionLabel(entry.action)}</TableCell>
                <TableCell>{entry.detail ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PortalDialog>
  );
}
