'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useLoaded } from '@/components/crud/use-loaded';
import { useRefusal } from '@/components/crud/use-refusal';
import { BladeError } from '@/lib/client/fetcher';
import type {
  ArchiveFileVO,
  PaperArchiveVO,
  SignaturePrintVO,
} from '@/lib/contracts/paper-archive/paper-archive';
import { openPrinted, printFiles, startSignature } from './api';
import { ArchiveFileLine } from './archive-file-line';

/**
 * 签章打印: the archivist picks one file of the archive's application; the server stamps it with the tenant's seal
 * and logs the print, and its stamped PDF opens in a new window to print. A refusal (no seal, no such file) is shown
 * in the server's words.
 */
export function PrintDialog({ archive, onClose }: { archive: PaperArchiveVO; onClose: () => void }) {
  const t = useTranslations('paperArchive.screen');
  const { busy, refusal, setRefusal, run } = useRefusal();
  const [printed, setPrinted] = useState<SignaturePrintVO | null>(null);
  const { data: files } = useLoaded(
    useCallback(() => printFiles(archive.id), [archive.id]),
    (failure) => {
      if (failure instanceof BladeError) setRefusal(failure.message);
      return [];
    },
  );

  const print = async (file: ArchiveFileVO) => {
    setPrinted(null);
    await run(async () => {
      const answer = await startSignature(archive.id, file.id);
      setPrinted(answer);
      openPrinted(answer);
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('printTitle', { no: archive.archiveNo })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('printChoose')}
        </Typography>
        {files === null ? (
          <Typography>{t('loading')}</Typography>
        ) : files.length === 0 ? (
          <Typography>{t('printNoFiles')}</Typography>
        ) : (
          files.map((f) => (
            <ArchiveFileLine
              key={f.id}
              file={f}
              action={t('print')}
              actionName={t('printFile', { name: f.originalFilename })}
              disabled={busy}
              onAction={() => void print(f)}
            />
          ))
        )}
        <RefusalAlert refusal={refusal} sx={{ mt: 1 }} />
        {printed && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('printDone', { name: printed.originalFilename })}{' '}
            <Link component="button" onClick={() => openPrinted(printed)}>
              {t('printOpenAgain')}
            </Link>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
