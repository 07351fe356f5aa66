'use client';

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import { LoginForm, type LoginFormProps } from './login-form';
import { SmsLoginForm } from './sms-login-form';

/**
 * The password login, and beside it the SMS login where the host's tenant (else the default one) has an SMS sender
 * (my/checkSMSLoginEnable): a tab that could only say "could not be sent" is not offered.
 */
export function LoginTabs(props: LoginFormProps) {
  const t = useTranslations('login');
  const [tab, setTab] = useState<'password' | 'sms'>('password');
  const tenantId = props.hostTenantId ?? '000000';
  const { data: sms } = useSWR(
    ['sms-login-enabled', tenantId],
    () =>
      bladeRequest<{ enabled: boolean }>('/api/blade-user/my/checkSMSLoginEnable', {
        params: { tenantId },
        silent: true,
      }).then((r) => r.data.enabled),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  // The password form keeps its place in the tree when the tabs appear: typing is not lost to a remount.
  return (
    <>
      {sms ? (
        <Tabs
          value={tab}
          onChange={(_, v: 'password' | 'sms') => setTab(v)}
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          <Tab value="password" label={t('passwordTab')} />
          <Tab value="sms" label={t('smsTab')} />
        </Tabs>
      ) : null}
      {!sms || tab === 'password' ? (
        <LoginForm {...props} />
      ) : (
        <SmsLoginForm hostTenantId={props.hostTenantId} redirect={props.redirect} />
      )}
    </>
  );
}
