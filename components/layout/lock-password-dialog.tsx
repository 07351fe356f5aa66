'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { usePasswordEntry } from '@/components/auth/use-password-entry';

/** Asks for the lock password the first time the screen is locked (spec 000 §4 "Lock"). */
export function LockPasswordDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (password: string) => Promise<void>;
}) {
  const t = useTranslations();
  const { password, setPassword, error, setError, busy, setBusy, submitWith } = usePasswordEntry();

  const submit = submitWith(async (entered) => {
    try {
      await onSubmit(entered);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="lock-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="lock-password-title">{t('lock.setPasswordTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            type="password"
            label={t('lock.password')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            onBlur={() => !password && setError(t('lock.passwordRequired'))}
            error={!!error}
            helperText={error ?? ' '}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
