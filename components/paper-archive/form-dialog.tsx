'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useRefusal } from '@/components/crud/use-refusal';

export interface DialogField {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'number' | 'multiline';
}

export interface DialogAction {
  label: string;
  color?: 'primary' | 'error';
  /** Fields this action needs filled (a rejection needs its reason, an approval does not). */
  requires: string[];
  run: (values: Record<string, string>) => Promise<unknown>;
}

/**
 * One small form in a dialog with one or more submitting actions: the fields an action requires are checked before the
 * call, and a refusal keeps the dialog open with the server's words.
 */
export function FormDialog({
  title,
  fields,
  initial = {},
  actions,
  onClose,
  onDone,
}: {
  title: string;
  fields: DialogField[];
  initial?: Record<string, string>;
  actions: DialogAction[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations('paperArchive.screen');
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [missing, setMissing] = useState<string[]>([]);
  const { busy, refusal, run } = useRefusal();

  const submit = async (action: DialogAction) => {
    const empty = action.requires.filter((name) => !(values[name] ?? '').trim());
    setMissing(empty);
    if (empty.length) return;
    await run(async () => {
      await action.run(values);
      onDone();
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {fields.map((field) => {
          const error = missing.includes(field.name);
          return (
            <TextField
              key={field.name}
              sx={{ mt: 1 }}
              fullWidth
              label={field.label}
              name={field.name}
              type={field.type === 'multiline' ? 'text' : (field.type ?? 'text')}
              multiline={field.type === 'multiline'}
              minRows={field.type === 'multiline' ? 2 : undefined}
              // Always shrunk: a multiline field filled while showing its error drew the label over the text.
              slotProps={{ inputLabel: { shrink: true } }}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={error}
              helperText={error ? t('required') : ' '}
            />
          );
        })}
        <RefusalAlert refusal={refusal} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="contained"
            color={action.color ?? 'primary'}
            disabled={busy}
            onClick={() => void submit(action)}
          >
            {action.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
