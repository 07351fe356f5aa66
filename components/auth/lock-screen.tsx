'use client';

import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { bladeRequest } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { usePasswordEntry } from './use-password-entry';

export function LockScreen() {
  const t = useTranslations();
  const { password, setPassword, error, setError, busy, setBusy, submitWith } = usePasswordEntry();

  const unlock = submitWith(async (entered) => {
    try {
      await bladeRequest('/api/portal/unlock', { method: 'POST', body: { password: entered }, silent: true });
      hardNavigate('/');
    } catch (e) {
      setError((e as Error).message || t('lock.wrongPassword'));
      setBusy(false);
    }
  });

  const logout = async () => {
    try {
      await bladeRequest('/api/blade-auth/oauth/logout', { method: 'POST', silent: true });
    } finally {
      hardNavigate('/login');
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#1f3a5f', p: 2 }}
    >
      <Paper sx={{ p: 4, width: '100%', maxWidth: 380 }} elevation={6}>
        <Stack component="form" spacing={1} onSubmit={unlock} noValidate>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <LockOutlined color="primary" />
            <Typography component="h1" variant="h6">
              {t('lock.unlockTitle')}
            </Typography>
          </Stack>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextField
            type="password"
            autoFocus
            label={t('lock.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText=" "
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {t('lock.unlock')}
          </Button>
          <Button onClick={() => void logout()}>{t('lock.logoutInstead')}</Button>
        </Stack>
      </Paper>
    </Box>
  );
}
