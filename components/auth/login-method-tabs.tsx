'use client';

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslations } from 'next-intl';

export type LoginMethod = 'password' | 'sms';

/** The password / SMS choice above the login form (loaded only where the SMS login is offered). */
export function LoginMethodTabs({
  value,
  onChange,
}: {
  value: LoginMethod;
  onChange: (next: LoginMethod) => void;
}) {
  const t = useTranslations('login');
  return (
    <Tabs value={value} onChange={(_, v: LoginMethod) => onChange(v)} variant="fullWidth" sx={{ mb: 2 }}>
      <Tab value="password" label={t('passwordTab')} />
      <Tab value="sms" label={t('smsTab')} />
    </Tabs>
  );
}
