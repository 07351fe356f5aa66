'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { bladeRequest, errorText, type BladeEnvelope } from '@/lib/client/fetcher';
import { hardNavigate, withBasePath } from '@/lib/client/navigation';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';
import { takePending } from './sso-pending';

export interface SsoCallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

type Translate = (
  key: 'providerError' | 'missingParams' | 'callbackFailed',
  values?: { error: string },
) => string;

/** Sends code and state to the token call; navigates on success, else answers what to show. */
async function finishLogin(params: SsoCallbackParams, t: Translate): Promise<string | undefined> {
  const pending = takePending();
  if (params.error) return t('providerError', { error: params.error_description || params.error });
  if (!pending || !params.code || !params.state) return t('missingParams');
  const body = new URLSearchParams({
    grant_type: pending.kind === 'sso' ? 'authorization_code' : 'social',
    code: params.code,
    state: params.state,
    scope: 'all',
  });
  if (params.iss) body.set('iss', params.iss);
  if (pending.kind === 'social') body.set('source', pending.source);
  try {
    const res = await bladeRequest('/api/blade-auth/oauth/token', { method: 'POST', silent: true, body });
    if ((res as { error_description?: string }).error_description) return t('callbackFailed');
  } catch (e) {
    const answer = (e as { body?: BladeEnvelope }).body;
    return answer ? errorText(answer, t('callbackFailed')) : t('callbackFailed');
  }
  hardNavigate(safeRedirectPath(pending.redirect, '/'));
  return undefined;
}

/**
 * The provider sends the browser back here with code and state (or an error). The token call goes through the
 * portal's login path, which checks the state cookie, sets the callback address and creates the session; a guest
 * session (an unknown person) lands in the shell, whose registration dialog opens for the guest role.
 */
export function SsoCallback({ params }: { params: SsoCallbackParams }) {
  const t = useTranslations('sso');
  const [failure, setFailure] = useState<string>();
  const sent = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development: the code is single use, so it is sent once.
    if (sent.current) return;
    sent.current = true;
    void finishLogin(params, t).then(setFailure);
  }, [params, t]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="sso-callback">
      {failure ? (
        <>
          <Typography component="h1" variant="h6">
            {t('callbackFailed')}
          </Typography>
          <Alert severity="error" role="alert" sx={{ width: '100%' }}>
            {failure}
          </Alert>
          <Button variant="contained" href={withBasePath('/login')}>
            {t('backToLogin')}
          </Button>
        </>
      ) : (
        <>
          <CircularProgress aria-hidden />
          <Typography component="h1" variant="h6">
            {t('callbackTitle')}
          </Typography>
        </>
      )}
    </Stack>
  );
}
