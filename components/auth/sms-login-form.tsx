'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { SendCodeButton } from '@/components/shell/send-code-button';
import { bladeRequest, errorText, type BladeEnvelope } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';
import { PHONE_PATTERN } from '@/lib/shared/patterns';
import { AuthField } from './auth-field';

interface SmsLoginFormProps {
  /** Tenant inferred from the host name; when set the tenant field is hidden. */
  hostTenantId?: string;
  redirect?: string;
}

/** What a refused call says: the envelope's text in the user's language, else the token call's description. */
function refusal(e: unknown): string {
  const body = (e as { body?: BladeEnvelope & { error_description?: string } }).body;
  if (body?.error_description) return body.error_description;
  return body ? errorText(body, (e as Error).message) : (e as Error).message;
}

/**
 * Login by a code sent to the account's phone (my/sendLoginPhoneValidateCode, then the token call's sms grant). The
 * send answers alike for any number, so the page cannot tell whether a number has an account, and neither can anyone
 * who types numbers into it.
 */
export function SmsLoginForm({ hostTenantId, redirect }: SmsLoginFormProps) {
  const t = useTranslations('login');
  const [tenantId, setTenantId] = useState(hostTenantId ?? '000000');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const tenant = () => (hostTenantId ?? tenantId).trim();

  const send = async (): Promise<boolean> => {
    setError(undefined);
    if (!PHONE_PATTERN.test(phone)) {
      setError(t('smsPhoneInvalid'));
      return false;
    }
    try {
      const res = await bladeRequest<{ codeId: string }>('/api/blade-user/my/sendLoginPhoneValidateCode', {
        method: 'POST',
        silent: true,
        body: { tenantId: tenant(), phone },
      });
      setCodeId(String(res.data.codeId));
      setNotice(res.msg);
      return true;
    } catch (e) {
      setError(refusal(e));
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!PHONE_PATTERN.test(phone)) return setError(t('smsPhoneInvalid'));
    if (!codeId) return setError(t('smsSendFirst'));
    if (!/^\d{6}$/.test(code)) return setError(t('smsCodeInvalid'));
    setBusy(true);
    try {
      const res = (await bladeRequest('/api/blade-auth/oauth/token', {
        method: 'POST',
        silent: true,
        headers: { 'Tenant-Id': tenant() },
        body: new URLSearchParams({
          tenantId: tenant(),
          grant_type: 'sms',
          codeId,
          phone,
          code,
          scope: 'all',
        }),
      })) as BladeEnvelope & { error_description?: string };
      if (res.error_description) throw new Error(res.error_description);
      hardNavigate(safeRedirectPath(redirect, '/'));
    } catch (e) {
      setError(refusal(e));
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('smsTitle')}>
      <Stack spacing={1.5}>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : notice ? (
          <Alert severity="info">{notice}</Alert>
        ) : null}
        {hostTenantId ? null : (
          <AuthField label={t('tenantId')} value={tenantId} onChange={(e) => setTenantId(e.target.value)} />
        )}
        <AuthField
          label={t('smsPhone')}
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value.trim())}
        />
        <Stack direction="row" spacing={1}>
          <AuthField
            label={t('smsCode')}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            inputProps={{ inputMode: 'numeric' }}
            sx={{ flex: 1 }}
          />
          <SendCodeButton onSend={send} height={56} />
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('submitting') : t('submit')}
        </Button>
      </Stack>
    </Box>
  );
}
