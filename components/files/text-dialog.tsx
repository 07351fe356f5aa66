'use client';

import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DialogButtons } from '@/components/crud/form-dialog';
import { PortalDialog } from '@/components/shell/portal-dialog';

/**
 * One text asked for in a small dialog (a problem remark, a catalogue node's name or remark): a length counter, an
 * optional "required" message, and the trimmed text handed to `onSubmit`. When that throws, the fetcher has shown the
 * server's message and the dialog stays open with the text. Callers key it by what it edits, so a new subject starts
 * from `initial`.
 */
export function TextDialog({
  open,
  title,
  label,
  initial = '',
  max,
  multiline = false,
  requiredMessage,
  width,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  max: number;
  /** Several lines, and Enter is a new line rather than the confirm button. */
  multiline?: boolean;
  /** Shown when the text is empty; without it an empty text may be sent (e.g. a cleared remark). */
  requiredMessage?: string;
  width: number;
  onClose: () => void;
  onSubmit: (value: string) => Promise<void>;
}) {
  const tc = useTranslations('common');
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = !!requiredMessage && !value.trim();
  const error = touched && missing ? requiredMessage : undefined;

  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await onSubmit(value.trim());
    } catch {
      // The fetcher has shown the server's message; the dialog stays open with the text.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={open}
      onClose={onClose}
      width={width}
      title={title}
      actions={
        <DialogButtons
          onClose={onClose}
          onSubmit={() => void submit()}
          submitting={busy}
          submitLabel={tc('confirm')}
        />
      }
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value.slice(0, max))}
        onBlur={() => setTouched(true)}
        onKeyDown={(event) => {
          if (!multiline && event.key === 'Enter') void submit();
        }}
        error={!!error}
        helperText={error ?? `${value.length}/${max}`}
      />
    </PortalDialog>
  );
}
