'use client';

import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormDialog } from './form-dialog';
import { useRefusal } from './use-refusal';
import { RefusalAlert } from './refusal-alert';

export interface TextPromptDialogProps {
  title: string;
  /** The field's label: 原因, 备注, 快递单号… */
  label: string;
  /** The confirm button's text; 保存 unless said. */
  submitLabel?: string;
  /** A reject or an exception end needs its reason; a remark may stay empty. */
  required?: boolean;
  /** The server's limit for the text (the column's length). */
  maxLength?: number;
  multiline?: boolean;
  width?: number;
  onClose: () => void;
  /**
   * Sends the text (trimmed). Resolved: the dialog closes. A server refusal (BladeError) stays in the dialog with what
   * was typed, beside any toast the call itself raised; any other failure is rethrown to the error boundary.
   */
  onSubmit: (text: string) => Promise<unknown>;
}

/**
 * The one dialog that asks for a single text before a step: a reason (reject, return, revoke, exception end), a remark,
 * a tracking number. The required check runs before the call; the server checks the same.
 */
export function TextPromptDialog({
  title,
  label,
  submitLabel,
  required = true,
  maxLength = 500,
  multiline = true,
  width = 560,
  onClose,
  onSubmit,
}: TextPromptDialogProps) {
  const t = useTranslations('crud');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const missing = required && !text.trim();
  const submit = async () => {
    setTried(true);
    if (missing) return;
    await run(async () => {
      await onSubmit(text.trim());
      onClose();
    });
  };
  return (
    <FormDialog
      open
      width={width}
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      submitLabel={submitLabel}
    >
      <TextField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        required={required}
        fullWidth
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        error={tried && missing}
        helperText={tried && missing ? t('textRequired', { label }) : ' '}
        slotProps={{ htmlInput: { maxLength } }}
      />
      <RefusalAlert refusal={refusal} sx={{ mt: 1 }} />
    </FormDialog>
  );
}
