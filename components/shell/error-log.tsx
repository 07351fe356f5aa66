'use client';

import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Badge from '@mui/material/Badge';
import { withCount } from './badge-label';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { Component, useState, useSyncExternalStore, type ErrorInfo, type ReactNode } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import {
  BADGE_MAX,
  clearErrorLog,
  errorLogEntries,
  forgetUploaded,
  recordError,
  serverErrorLogEntries,
  subscribeErrorLog,
  uploadBatch,
} from '@/lib/client/error-log';
import { bladeRequest } from '@/lib/client/fetcher';
import { PortalDialog } from './portal-dialog';
import { BarButton } from './bar-button';

/** The blade-log call that stores the browser's errors (documented in blade/README.md "Logs"). */
export const ERROR_UPLOAD_URL = '/api/blade-log/error/upload';

export function useErrorLog() {
  return useSyncExternalStore(subscribeErrorLog, errorLogEntries, serverErrorLogEntries);
}

/** Top bar button with the count (at most 99 shown) and the dialog to upload or clear the local log. */
export function ErrorLogButton() {
  const t = useTranslations('shell.errorLog');
  const entries = useErrorLog();
  const confirm = useConfirm();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!(await confirm(t('uploadConfirm')))) return;
    setBusy(true);
    try {
      const batch = uploadBatch(entries);
      // An array is not a plain object to the fetcher: send it as JSON text.
      await bladeRequest(ERROR_UPLOAD_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(batch),
      });
      forgetUploaded(entries.slice(0, batch.length));
      notify(t('uploaded'), 'success');
    } finally {
      setBusy(false);
    }
  };
  const clear = async () => {
    if (!(await confirm(t('clearConfirm')))) return;
    clearErrorLog();
    notify(t('cleared'), 'success');
  };

  return (
    <>
      <BarButton label={withCount(t('title'), entries.length, BADGE_MAX)} onClick={() => setOpen(true)}>
        <Badge
          badgeContent={entries.length || undefined}
          max={BADGE_MAX}
          color="error"
          data-testid="error-log-badge"
        >
          <BugReportOutlined />
        </Badge>
      </BarButton>
      <PortalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        data-testid="error-log-dialog"
        actions={
          <DialogActions>
            <Button onClick={() => void clear()} disabled={!entries.length}>
              {t('clear')}
            </Button>
            <Button variant="contained" onClick={() => void upload()} disabled={!entries.length || busy}>
              {t('upload')}
            </Button>
          </DialogActions>
        }
      >
        {entries.length ? (
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 100 }}>{t('type')}</TableCell>
                <TableCell sx={{ width: 140 }}>{t('url')}</TableCell>
                <TableCell>{t('message')}</TableCell>
                <TableCell>{t('stack')}</TableCell>
                <TableCell sx={{ width: 160 }}>{t('time')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e, i) => (
                <TableRow key={`${e.time}-${i}`}>
                  <TableCell>{e.type}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{e.url}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{e.message}</TableCell>
                  <TableCell>
                    <Typography
                      component="pre"
                      variant="caption"
                      sx={{ m: 0, maxHeight: 80, overflow: 'auto', whiteSpace: 'pre-wrap' }}
                    >
                      {e.stack}
                    </Typography>
                  </TableCell>
                  <TableCell>{e.time}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">{t('empty')}</Typography>
        )}
      </PortalDialog>
    </>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing it (the path) clears a previous failure. */
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
}

/** Failed renders of a page are recorded in the local error log; the rest of the shell keeps working. */
export class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(error, error.name, info.componentStack ?? '');
  }

  render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}
