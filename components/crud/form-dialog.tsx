'use client';

import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PortalDialog } from '@/components/shell/portal-dialog';

interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Absent in view mode: only a close button is shown. */
  onSubmit?: () => void;
  submitting?: boolean;
  /** The submit button's text when it is not a save (a confirmation: 确定). */
  submitLabel?: string;
  /** The spec's dialog default is 880 px wide. */
  width?: number;
  children: ReactNode;
}

/**
 * A form in the portal's shared dialog (components/shell: draggable, not closed by Escape or a click outside,
 * 880 px by default), with cancel / save buttons.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitting,
  submitLabel,
  width,
  children,
}: FormDialogProps) {
  return (
    <PortalDialog
      open={open}
      title={title}
      onClose={onClose}
      width={width}
      actions={
        <DialogButtons
          onClose={onClose}
          onSubmit={onSubmit}
          submitting={submitting}
          submitLabel={submitLabel}
        />
      }
    >
      <div style={{ paddingTop: 8 }}>{children}</div>
    </PortalDialog>
  );
}

/**
 * The buttons under a portal dialog's form: cancel, and the contained submit (保存 unless `submitLabel` says what it
 * does), disabled while `submitting`; without `onSubmit` a lone close. For a PortalDialog whose content is not the
 * FormDialog's padded form.
 */
export function DialogButtons({
  onClose,
  onSubmit,
  submitting,
  submitLabel,
}: Pick<FormDialogProps, 'onClose' | 'onSubmit' | 'submitting' | 'submitLabel'>) {
  const t = useTranslations('crud');
  return (
    <DialogActions>
      <Button onClick={onClose}>{onSubmit ? t('cancel') : t('close')}</Button>
      {onSubmit && (
        <Button variant="contained" onClick={onSubmit} disabled={submitting}>
          {submitLabel ?? t('save')}
        </Button>
      )}
    </DialogActions>
  );
}
