'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';

const KEY_PATTERN = /^\d{6}\.[0-9a-f]{64}$/;

/** /emailBinding?key=…: the public page a binding link opens; one click binds the address (my/bindingEmail). */
export function EmailBinding({ bindingKey }: { bindingKey: string }) {
  const t = useTranslations('emailBinding');
  const [state, setState] = useState<{ done?: string; error?: string; busy?: boolean }>({});
  const valid = KEY_PATTERN.test(bindingKey);

  const bind = async () => {
    setState({ busy: true });
    try {
      const res = await bladeRequest<{ email: string }>('/api/blade-user/my/bindingEmail', {
        method: 'POST',
        body: { key: bindingKey },
        silent: true,
      });
      setState({ done: res.data.email });
    } catch (err) {
      setState({ error: err instanceof BladeError ? err.message : t('invalid') });
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: 440, maxWidth: '100%' }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {t('title')}
          </Typography>
          {state.done ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('done')} {t('bound', { email: state.done })}
            </Alert>
          ) : !valid ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('invalid')}
            </Alert>
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
              {state.error ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {state.error}
                </Alert>
              ) : null}
              <Button variant="contained" onClick={() => void bind()} disabled={state.busy} sx={{ mr: 1 }}>
                {t('confirm')}
              </Button>
            </>
          )}
          <Button component={Link} href="/login">
            {t('toLogin')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
