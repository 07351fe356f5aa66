'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { useNotify } from '@/components/providers/notifier';
import { PortalDialog } from '@/components/shell/portal-dialog';
import { fileUrl, updateStamped } from './api';

/** The spec's signer loading timeout. */
export const SIGNER_LOADING_TIMEOUT_MS = 5000;

export interface SigningTarget {
  /** The original file's name, for the title. */
  name: string;
  /** The stamped copy the signer produced; it becomes the file's stamped version only on finish. */
  stampedFileId: string;
}

/**
 * The document signing viewer in a frame (spec 000 §2): close, cancel signing (是否确认取消签章?) and finish signing.
 * Closing or cancelling hides the viewer and reloads it; finishing confirms the stamp through updateStamped.
 */
export function SigningViewer({
  target,
  onClose,
}: {
  target: SigningTarget | null;
  /** `changed`: the file's stamp state changed and the table should reload. */
  onClose: (changed: boolean) => void;
}) {
  const t = useTranslations('files.signing');
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const finish = async (save: boolean) => {
    if (!target) return;
    setBusy(true);
    try {
      const res = await updateStamped(target.stampedFileId, save);
      notify(res.msg || t('done'), 'success');
      onClose(true);
    } catch {
      // The fetcher has shown the server's message; the viewer stays open so the user can retry or close.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={!!target}
      onClose={() => onClose(false)}
      width={1100}
      title={t('title', { name: target?.name ?? '' })}
      actions={
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            {t('close')}
          </Button>
          <Button color="warning" onClick={() => setAsking(true)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="contained" onClick={() => void finish(true)} disabled={busy}>
            {t('finish')}
          </Button>
        </DialogActions>
      }
    >
      <Box sx={{ position: 'relative' }}>
        {target ? <SigningFrame key={target.stampedFileId} target={target} /> : null}
      </Box>
      {asking ? (
        <CancelConfirmation
          message={t('cancelConfirm')}
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void finish(false);
          }}
        />
      ) : null}
    </PortalDialog>
  );
}

/**
 * 是否确认取消签章? over the viewer. Not the shared useConfirm dialog: that one is a single long-lived modal, and when
 * the viewer opens while it is still fading out (是否确认签章文件? answered a moment before), MUI's modal manager
 * marks it aria-hidden as a sibling and, reopened before its exit finished, never clears the mark. Mounted afresh
 * for each question, this one is always the newest modal, so the viewer is hidden behind it and it never is.
 */
function CancelConfirmation({ message, onAnswer }: { message: string; onAnswer: (yes: boolean) => void }) {
  const tc = useTranslations('common');
  const titleId = useId();
  return (
    <Dialog open onClose={() => onAnswer(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{tc('tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{tc('cancel')}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
          {tc('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The frame itself, keyed by the stamped copy so each signing starts with fresh loading state. */
function SigningFrame({ target }: { target: SigningTarget }) {
  const t = useTranslations('files.signing');
  const [fetched, setFetched] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  const src = fetched;

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => live && setSlow(true), SIGNER_LOADING_TIMEOUT_MS);
    fileUrl(target.stampedFileId, false).then(
      (url) => live && setFetched(url),
      () => live && setSlow(true),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [target]);

  return (
    <>
      {!loaded ? <LinearProgress aria-label={t('loading')} /> : null}
      {slow && !loaded ? (
        <Alert severity="warning" sx={{ m: 2 }}>
          {t('slow')}
        </Alert>
      ) : null}
      {src ? (
        <Box
          component="iframe"
          src={src}
          title={t('frame')}
          data-testid="signing-frame"
          onLoad={() => setLoaded(true)}
          // An image or PDF document has no background of its own: paint the paper's, not the page behind.
          sx={{ width: '100%', height: '70vh', border: 0, display: 'block', bgcolor: 'background.paper' }}
        />
      ) : null}
    </>
  );
}
