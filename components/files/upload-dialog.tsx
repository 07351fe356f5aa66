'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { PortalDialog } from '@/components/shell/portal-dialog';
import { BladeError } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import {
  ACCEPTED_EXTENSIONS,
  checkUpload,
  formatBytes,
  type UploadLimits,
  type UploadProblem,
} from './model';
import type { UploadProgress } from './upload';

export interface UploadJob {
  file: File;
  percent: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

export type SendFile = (
  file: File,
  options: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
) => Promise<unknown>;

export function useProblemText() {
  const t = useTranslations('files.upload');
  return (problem: UploadProblem) =>
    problem.key === 'empty' ? t('empty') : t(problem.key, { n: String(problem.n) });
}

/**
 * Picks files, checks them against the limits before anything is sent, then sends them one after another with a
 * progress bar each. Sending one at a time keeps the node's count check on the server exact.
 */
export function UploadDialog({
  open,
  title,
  limits,
  send,
  onClose,
  onUploaded,
}: {
  open: boolean;
  title: string;
  limits: UploadLimits;
  send: SendFile;
  onClose: () => void;
  /** Called once after the batch, with how many files arrived. */
  onUploaded: (count: number) => void | Promise<void>;
}) {
  const t = useTranslations('files.upload');
  const tc = useTranslations('common');
  const problemText = useProblemText();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [jobs, setJobs] = useState<UploadJob[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setJobs([]);
    setProblem(null);
    if (input.current) input.current.value = '';
  };

  const pick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    const found = checkUpload(files, limits);
    if (found) {
      setProblem(problemText(found));
      setJobs([]);
      if (input.current) input.current.value = '';
      return;
    }
    setProblem(null);
    setJobs(files.map((file) => ({ file, percent: 0, state: 'waiting' })));
  };

  const update = (index: number, patch: Partial<UploadJob>) =>
    setJobs((prev) => prev.map((job, i) => (i === index ? { ...job, ...patch } : job)));

  const start = async () => {
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    let arrived = 0;
    for (const [index, job] of jobs.entries()) {
      if (job.state === 'done') continue;
      update(index, { state: 'sending', percent: 0, error: undefined });
      try {
        await send(job.file, {
          signal: controller.signal,
          onProgress: (p) => update(index, { percent: p.percent }),
        });
        arrived += 1;
        update(index, { state: 'done', percent: 100 });
      } catch (cause) {
        if (cause instanceof BladeError && cause.code === 401) {
          hardNavigate('/login');
          return;
        }
        update(index, { state: 'failed', error: cause instanceof Error ? cause.message : String(cause) });
        if (controller.signal.aborted) break;
      }
    }
    abort.current = null;
    setBusy(false);
    if (arrived > 0) await onUploaded(arrived);
  };

  const close = () => {
    abort.current?.abort();
    reset();
    onClose();
  };

  const allDone = jobs.length > 0 && jobs.every((job) => job.state === 'done');
  return (
    <PortalDialog
      open={open}
      onClose={close}
      width={640}
      title={title}
      actions={
        <DialogActions>
          <Button onClick={close}>{allDone ? tc('close') : tc('cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={busy || jobs.length === 0 || allDone}
          >
            {t('start')}
          </Button>
        </DialogActions>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {Number.isFinite(limits.maxFiles)
          ? t('hintCount', { n: String(limits.maxFiles), size: String(limits.maxFileSizeMb) })
          : t('hint', { size: String(limits.maxFileSizeMb) })}
      </Typography>
      <Button component="label" variant="outlined" disabled={busy}>
        {t('choose')}
        <input
          ref={input}
          hidden
          type="file"
          data-testid="upload-input"
          multiple={limits.maxFiles > 1}
          accept={ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
          onChange={(event) => pick(event.target.files)}
        />
      </Button>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <List dense>
        {jobs.map((job, index) => (
          <ListItem key={`${job.file.name}-${index}`} sx={{ display: 'block' }}>
            <ListItemText
              primary={job.file.name}
              secondary={job.error ?? `${formatBytes(job.file.size)} · ${t(`state.${job.state}`)}`}
              slotProps={{ secondary: { color: job.error ? 'error' : 'text.secondary' } }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <LinearProgress
                variant="determinate"
                value={job.percent}
                sx={{ flex: 1 }}
                color={job.state === 'failed' ? 'error' : 'primary'}
                aria-label={t('progress', { name: job.file.name })}
              />
              <Typography variant="caption" sx={{ minWidth: 36 }}>
                {job.percent}%
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </PortalDialog>
  );
}
