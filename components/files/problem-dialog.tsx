'use client';

import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PortalDialog } from '@/components/shell/portal-dialog';
import type { FileRow } from './model';

const REMARK_MAX = 200;

/** Marks a file as a problem file (hasProblem 0→1) with the reviewer's problemRemark. */
export function ProblemDialog({
  file,
  onClose,
  onSubmit,
}: {
  file: FileRow | null;
  onClose: () => void;
  onSubmit: (remark: string) => Promise<void>;
}) {
  const t = useTranslations('files.problem');
  const tc = useTranslations('common');
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched && !remark.trim() ? t('required') : undefined;

  const close = () => {
    setRemark('');
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!remark.trim()) return;
    setBusy(true);
    try {
      await onSubmit(remark.trim());
      close();
    } catch {
      // The fetcher has shown the server's message; the dialog stays open with the remark.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={!!file}
      onClose={close}
      width={560}
      title={t('title', { name: file?.originalFilename ?? '' })}
      actions={
        <DialogActions>
          <Button onClick={close}>{tc('cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {tc('confirm')}
          </Button>
        </DialogActions>
      }
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        margin="dense"
        label={t('remark')}
        value={remark}
        onChange={(event) => setRemark(event.target.value.slice(0, REMARK_MAX))}
        onBlur={() => setTouched(true)}
        error={!!error}
        helperText={error ?? `${remark.length}/${REMARK_MAX}`}
      />
    </PortalDialog>
  );
}
