'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';
import { SEAL_PATHS } from './api';
import { extensionOf, formatBytes } from './model';
import { uploadWithProgress } from './upload';

/** blade/'s seal limits (seal.routes.ts): png or jpg, at most 2 MB. */
const SEAL_EXTENSIONS = ['png', 'jpg', 'jpeg'];
const SEAL_MAX_BYTES = 2 * 1024 * 1024;

interface SealInfo {
  custom: 0 | 1;
  id?: string;
  originalName?: string;
  size?: number;
  createTime?: string;
}

/** Checked before sending; blade/ checks again and also decodes the picture. */
export function sealProblem(file: { name: string; size: number }): 'format' | 'size' | null {
  if (!SEAL_EXTENSIONS.includes(extensionOf(file.name))) return 'format';
  if (file.size > SEAL_MAX_BYTES) return 'size';
  return null;
}

/**
 * The tenant's seal on /system/fileConfiguration_detail: the uploaded picture the built-in signer places, upload/replace
 * with progress, and removal. Without an uploaded seal blade/ refuses every stamping call, and the screen says so.
 * Tenant administrators only.
 */
export function SealSettings() {
  const t = useTranslations('fileConfig.seal');
  const tc = useTranslations('common');
  const confirm = useConfirm();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, error, mutate } = useSWR<SealInfo>(SEAL_PATHS.info, async (url: string) => {
    const res = await bladeRequest<SealInfo>(url);
    return res.data;
  });

  const send = async (file: File) => {
    const bad = sealProblem(file);
    if (bad) {
      setProblem(bad === 'format' ? t('badFormat') : t('tooLarge'));
      return;
    }
    setProblem(null);
    const form = new FormData();
    form.append('file', file);
    setPercent(0);
    try {
      await uploadWithProgress(SEAL_PATHS.upload, form, {
        onProgress: (p) => setPercent(p.percent),
        unknownErrorText: tc('unknownError'),
        networkErrorText: tc('networkError'),
      });
      notify(t('uploaded'), 'success');
      await mutate();
    } catch (err) {
      // The server's refusal (format, size, unreadable picture) is shown beside the button.
      setProblem(err instanceof Error ? err.message : tc('unknownError'));
    } finally {
      setPercent(null);
    }
  };

  const reset = async () => {
    if (!(await confirm(t('resetConfirm')))) return;
    try {
      await bladeRequest(SEAL_PATHS.remove, { method: 'POST' });
      notify(tc('success'), 'success');
      await mutate();
    } catch {
      /* shown by the fetcher */
    }
  };

  if (error) {
    const forbidden = error instanceof BladeError && error.status === 403;
    return (
      <Alert severity={forbidden ? 'info' : 'error'}>{forbidden ? t('adminOnly') : t('loadFailed')}</Alert>
    );
  }
  const custom = data?.custom === 1;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 180,
            height: 180,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
          }}
        >
          {data?.custom === 1 && data.id ? (
            // eslint-disable-next-line @next/next/no-img-element -- a same-origin proxied picture, not a static asset
            <img
              src={withBasePath(`${SEAL_PATHS.image}?v=${data.id}`)}
              alt={t('imageAlt')}
              style={{ maxWidth: 160, maxHeight: 160 }}
            />
          ) : null}
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1">{t('title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('explain')}
          </Typography>
          <Typography variant="body2" data-testid="seal-current">
            {data
              ? custom
                ? t('current', {
                    name: data.originalName ?? '',
                    size: formatBytes(data.size),
                    time: data.createTime ? new Date(data.createTime).toLocaleString() : '',
                  })
                : t('none')
              : tc('loading')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('hint')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => input.current?.click()} disabled={percent !== null}>
              {custom ? t('replace') : t('upload')}
            </Button>
            {custom ? (
              <Button color="error" onClick={() => void reset()} disabled={percent !== null}>
                {t('reset')}
              </Button>
            ) : null}
            <input
              ref={input}
              type="file"
              hidden
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              data-testid="seal-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
          </Stack>
          {percent !== null ? (
            <LinearProgress variant="determinate" value={percent} aria-label={t('progress')} />
          ) : null}
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
