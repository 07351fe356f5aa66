'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { bladeRequest, errorText, type BladeEnvelope } from '@/lib/client/fetcher';
import type { LoginSourceButton } from '@/lib/contracts/system/login-source';
import { savePending } from './sso-pending';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/**
 * A button per enabled SSO or social source of the tenant. A click begins the login (the portal adds its callback
 * address and a state cookie) and sends the browser to the provider; the callback page finishes it.
 */
export function SsoButtons({ tenantId, redirect }: { tenantId: string; redirect?: string }) {
  const t = useTranslations('sso');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { data: sources } = useSWR<LoginSourceButton[]>(
    TENANT_ID.test(tenantId) ? `/api/blade-auth/oauth/sources?tenantId=${tenantId}` : null,
    (path: string) => bladeRequest<LoginSourceButton[]>(path, { silent: true }).then((r) => r.data ?? []),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (!sources?.length) return null;

  const begin = async (button: LoginSourceButton) => {
    setError(undefined);
    setBusy(true);
    try {
      const res = await bladeRequest<{ authorizeUrl: string }>(
        `/api/blade-auth/oauth/render/${button.source}`,
        { silent: true, params: { tenantId } },
      );
      savePending({ kind: button.kind, source: button.source, redirect });
      window.location.assign(res.data.authorizeUrl);
    } catch (e) {
      const body = (e as { body?: BladeEnvelope }).body;
      setError(body ? errorText(body, t('startFailed')) : t('startFailed'));
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="sso-buttons">
      <Divider>{t('or')}</Divider>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {sources.map((button) => (
        <Button
          key={button.source}
          variant="outlined"
          disabled={busy}
          onClick={() => void begin(button)}
          data-source={button.source}
        >
          {button.name}
        </Button>
      ))}
    </Stack>
  );
}
