'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import { LoginForm, type LoginFormProps } from './login-form';
import type { LoginMethod } from './login-method-tabs';

// Most tenants sign in by password only: the tabs and the SMS form load when the check below offers them, not with
// every login page (the first-load budget of issue 18).
const LoginMethodTabs = dynamic(() => import('./login-method-tabs').then((m) => m.LoginMethodTabs), {
  ssr: false,
});
const SmsLoginForm = dynamic(() => import('./sms-login-form').then((m) => m.SmsLoginForm), { ssr: false });

/**
 * The password login, and beside it the SMS login where the host's tenant (else the default one) has an SMS sender
 * (my/checkSMSLoginEnable): a tab that could only say "could not be sent" is not offered.
 */
export function LoginTabs(props: LoginFormProps) {
  const [tab, setTab] = useState<LoginMethod>('password');
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
      {sms ? <LoginMethodTabs value={tab} onChange={setTab} /> : null}
      {!sms || tab === 'password' ? (
        <LoginForm {...props} />
      ) : (
        <SmsLoginForm hostTenantId={props.hostTenantId} redirect={props.redirect} />
      )}
    </>
  );
}
