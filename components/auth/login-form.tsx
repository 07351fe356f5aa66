'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import NextLink from 'next/link';
import useSWR from 'swr';
import { bladeRequest, errorText, type BladeEnvelope } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { md5Hex } from '@/lib/client/md5';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';
import { AuthField } from './auth-field';

interface Captcha {
  key: string;
  image: string;
}

export interface LoginFormProps {
  /** Tenant inferred from the host name; when set the tenant field is hidden. */
  hostTenantId?: string;
  captchaEnabled: boolean;
  redirect?: string;
}

type Field = 'tenantId' | 'username' | 'password' | 'code';

/** On a tenant's own host the page finds the tenant from the host; on a shared host it takes the one typed here. */
const customerHref = (path: string, hostTenantId: string | undefined, typed: string) =>
  !hostTenantId && /^\d{6}$/.test(typed.trim()) ? `${path}?tenantId=${typed.trim()}` : path;

export function LoginForm({ hostTenantId, captchaEnabled, redirect }: LoginFormProps) {
  const t = useTranslations('login');
  const tr = useTranslations('register');
  const [values, setValues] = useState<Record<Field, string>>({
    tenantId: hostTenantId ?? '000000',
    username: '',
    password: '',
    code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // A captcha is single use: never revalidate it behind the user's back, only on demand.
  const {
    data: captcha,
    error: captchaError,
    mutate: reloadCaptcha,
  } = useSWR<Captcha>(
    captchaEnabled ? '/api/blade-auth/oauth/captcha' : null,
    (path: string) => bladeRequest<Captcha>(path, { silent: true }).then((r) => r.data),
    {
      revalidateOnMount: true,
      revalidateOnFocus: false,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
    },
  );

  const loadCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    void reloadCaptcha();
  };

  const validate = (): boolean => {
    const next: Partial<Record<Field, string>> = {};
    if (!hostTenantId && !values.tenantId.trim()) next.tenantId = t('tenantRequired');
    if (!values.username.trim()) next.username = t('usernameRequired');
    if (!values.password) next.password = t('passwordRequired');
    if (captchaEnabled && !values.code.trim()) next.code = t('captchaRequired');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    if (!validate()) return;
    setBusy(true);
    const tenantId = hostTenantId ?? values.tenantId.trim();
    try {
      const headers: Record<string, string> = { 'Tenant-Id': tenantId };
      if (captchaEnabled && captcha) {
        headers['Captcha-Key'] = captcha.key;
        headers['Captcha-Code'] = values.code.trim();
      }
      const res = (await bladeRequest('/api/blade-auth/oauth/token', {
        method: 'POST',
        silent: true,
        headers,
        // BladeX reads these from the query or a form body; the body keeps credentials out of access logs.
        body: new URLSearchParams({
          tenantId,
          username: values.username.trim(),
          password: md5Hex(values.password),
          grant_type: captchaEnabled ? 'captcha' : 'password',
          scope: 'all',
          type: 'account',
        }),
      })) as BladeEnvelope & { error_description?: string };
      if (res.error_description) throw new Error(res.error_description);
      hardNavigate(safeRedirectPath(redirect, '/'));
    } catch (e) {
      const body = (e as { body?: BladeEnvelope }).body;
      setServerError(body ? errorText(body, (e as Error).message) : (e as Error).message);
      setBusy(false);
      loadCaptcha();
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('title')}>
      <Stack spacing={0.5}>
        {serverError || captchaError ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {serverError ?? (captchaError as Error).message}
          </Alert>
        ) : null}
        {hostTenantId ? null : (
          <AuthField label={t('tenantId')} autoComplete="organization" {...field('tenantId')} />
        )}
        <AuthField label={t('username')} autoComplete="username" autoFocus {...field('username')} />
        <AuthField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        {captchaEnabled ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <AuthField label={t('captcha')} autoComplete="off" {...field('code')} />
            <ButtonBase
              onClick={loadCaptcha}
              aria-label={t('refreshCaptcha')}
              title={t('refreshCaptcha')}
              sx={{
                flexShrink: 0,
                height: 40,
                width: 120,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {captcha ? (
                // A data: URL from the captcha call; next/image would add nothing here.
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={captcha.image}
                  alt={t('captchaAlt')}
                  width={118}
                  height={38}
                  data-testid="captcha-image"
                />
              ) : null}
            </ButtonBase>
          </Stack>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('submitting') : t('submit')}
        </Button>
        {/* Customer companies register and recover passwords in the login's tenant (components/customer). */}
        <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1 }}>
          <Link
            component={NextLink}
            href={customerHref('/register', hostTenantId, values.tenantId)}
            variant="body2"
          >
            {tr('registerLink')}
          </Link>
          <Link
            component={NextLink}
            href={customerHref('/forgetPassword', hostTenantId, values.tenantId)}
            variant="body2"
          >
            {tr('forgetLink')}
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
