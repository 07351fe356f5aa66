'use client';

import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { bladeDownload, type DownloadProgress } from '@/lib/client/fetcher';
import type { Params } from './crud-screen';

/**
 * 导出: the list as the server writes it (same filters and order), downloaded while it streams, with the rows the
 * server announced and the bytes received so far; then saved under the server's file name.
 */
export function ExportButton({ path, query }: { path: string; query: Params }) {
  const t = useTranslations('crud');
  const locale = useLocale();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async () => {
    setProgress({ bytes: 0 });
    try {
      const { current: _current, size: _size, ...filters } = query;
      const { blob, filename } = await bladeDownload(path, { ...filters, lang: locale }, setProgress);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // The fetcher showed the refusal.
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button variant="outlined" disabled={!!progress} onClick={() => void run()}>
        {t('export')}
      </Button>
      {progress && (
        <Stack sx={{ minWidth: 180 }} role="status">
          <Typography variant="caption">
            {t('exporting', {
              rows: progress.rows ?? 0,
              size: (progress.bytes / 1024 / 1024).toFixed(1),
            })}
          </Typography>
          <LinearProgress />
        </Stack>
      )}
    </Stack>
  );
}
