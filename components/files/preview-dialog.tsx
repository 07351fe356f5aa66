'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { PortalDialog } from '@/components/shell/portal-dialog';
import { downloadFile, fileUrl } from './api';
import { previewKind, type FileRow } from './model';

/**
 * Previews come from blade/'s `file/preview` through the proxy (nothing from another host), with a one-time auth key:
 * images and PDF as stored, Word, Excel and PowerPoint converted to PDF on the server (LibreOffice, cached).
 */
export function PreviewDialog({ file, onClose }: { file: FileRow | null; onClose: () => void }) {
  const t = useTranslations('files');
  return (
    <PortalDialog
      open={!!file}
      onClose={onClose}
      width={1100}
      title={t('previewTitle', { name: file?.originalFilename ?? '' })}
      actions={
        <DialogActions>
          {file ? <Button onClick={() => void downloadFile(file.id)}>{t('actions.download')}</Button> : null}
        </DialogActions>
      }
    >
      <Box sx={{ minHeight: 360, display: 'flex', justifyContent: 'center' }}>
        {file ? <PreviewBody key={file.id} file={file} /> : null}
      </Box>
    </PortalDialog>
  );
}

/** Keyed by the file: a new file starts with fresh state and asks for its own one-time key. */
function PreviewBody({ file }: { file: FileRow }) {
  const t = useTranslations('files');
  const tc = useTranslations('common');
  const kind = previewKind(file);
  const [url, setUrl] = useState<string | null>(null);
  /** false, true (no preview) or the server's message. */
  const [failed, setFailed] = useState<boolean | string>(false);

  useEffect(() => {
    if (kind === 'none') return;
    let live = true;
    fileUrl(file.id, false).then(
      (value) => live && setUrl(value),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [file.id, kind]);

  if (kind === 'none' || failed !== false) {
    return (
      <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
        {typeof failed === 'string' ? failed : t('noPreview')}
      </Typography>
    );
  }
  if (!url) return <CircularProgress sx={{ alignSelf: 'center' }} aria-label={tc('loading')} />;
  if (kind === 'image') {
    return (
      <Box
        component="img"
        src={url}
        alt={file.originalFilename}
        data-testid="preview-image"
        sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
      />
    );
  }
  return (
    <Box
      component="iframe"
      src={url}
      title={file.originalFilename}
      data-testid="preview-frame"
      onLoad={(event) => setFailed(refusal((event.target as HTMLIFrameElement).contentDocument))}
      sx={{ width: '100%', height: '70vh', border: 0 }}
    />
  );
}

/**
 * A preview the server refused (no converter, a format it cannot show) comes back as a Blade envelope instead of
 * the document; the frame is same-origin, so its JSON is read and the message shown in place of raw text.
 */
export function refusal(doc: Document | null | undefined): boolean | string {
  if (!doc || !/json/i.test(doc.contentType)) return false;
  try {
    const body = JSON.parse(doc.body?.textContent ?? '') as { msg?: string };
    return body.msg || true;
  } catch {
    return true;
  }
}
