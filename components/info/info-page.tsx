'use client';

import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState, type ChangeEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useNotify } from '@/components/providers/notifier';
import { useAvatarSrc } from '@/components/shell/use-avatar-src';
import { useKeepAlive } from '@/components/shell/shell-context';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { myUpdate } from '@/lib/contracts/system/my.actions';
import { md5Hex } from '@/lib/client/md5';
import { MY_DETAIL_KEY, useMyDetail, type MyDetail } from '@/lib/swr/use-my-detail';
import { avatarProblem, phoneProblem } from './profile-rules';
import { SecurityPanel } from './security-panel';

const USER_INFO_KEY = '/api/blade-auth/oauth/user-info';

function InfoForm({ detail }: { detail: MyDetail }) {
  const t = useTranslations('info');
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState({
    realName: detail.realName,
    name: detail.name,
    phone: detail.phone,
    email: detail.email,
  });
  const [errors, setErrors] = useState<{ phone?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const avatarSrc = useAvatarSrc(detail.avatar);

  const uploadAvatar = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      notify(t(problem), 'error');
      return;
    }
    const body = new FormData();
    body.append('file', file);
    await bladeRequest('/api/blade-user/my/updateAvatar', { method: 'POST', body });
    notify(t('updated'), 'success');
    await Promise.all([mutate(MY_DETAIL_KEY), mutate(USER_INFO_KEY)]);
  };

  const save = async () => {
    const phone = phoneProblem(form.phone);
    const email = form.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email) ? t('emailFormat') : undefined;
    setErrors({ phone: phone ? t(phone) : undefined, email });
    if (phone || email) return;
    setBusy(true);
    try {
      await bladeRequest(proxied(myUpdate.call), { method: 'POST', body: form });
      notify(t('updated'), 'success');
      await Promise.all([mutate(MY_DETAIL_KEY), mutate(USER_INFO_KEY)]);
    } finally {
      setBusy(false);
    }
  };

  const sendBinding = async () => {
    await bladeRequest('/api/blade-user/my/sendEmailBindingLink', {
      method: 'POST',
      body: { email: form.email },
    });
    notify(t('bindSent'), 'success');
  };

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 520, pt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar src={avatarSrc} sx={{ width: 72, height: 72 }} alt={t('avatar')} data-testid="info-avatar" />
        <Button component="label" variant="outlined">
          {t('uploadAvatar')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => void uploadAvatar(e)}
            data-testid="avatar-input"
          />
        </Button>
      </Box>
      <TextField label={t('account')} value={detail.account} disabled />
      <TextField label={t('realName')} {...field('realName')} slotProps={{ htmlInput: { maxLength: 10 } }} />
      <TextField label={t('name')} {...field('name')} slotProps={{ htmlInput: { maxLength: 20 } }} />
      <TextField
        label={t('phone')}
        {...field('phone')}
        onBlur={() => {
          const p = phoneProblem(form.phone);
          setErrors((x) => ({ ...x, phone: p ? t(p) : undefined }));
        }}
        error={!!errors.phone}
        helperText={errors.phone ?? ' '}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('email')}
          {...field('email')}
          error={!!errors.email}
          helperText={errors.email ?? ' '}
        />
        <Button
          onClick={() => void sendBinding()}
          disabled={!form.email}
          sx={{ whiteSpace: 'nowrap', mt: 0.5 }}
        >
          {t('bindEmail')}
        </Button>
      </Box>
      <SaveButton busy={busy} onSave={save} />
    </Stack>
  );
}

/** Each tab's own save button, kept under its form and disabled while that form saves. */
function SaveButton({ busy, onSave }: { busy: boolean; onSave: () => Promise<void> }) {
  const t = useTranslations('info');
  return (
    <Box>
      <Button variant="contained" onClick={() => void onSave()} disabled={busy}>
        {t('save')}
      </Button>
    </Box>
  );
}

function PasswordForm() {
  const t = useTranslations('info');
  const notify = useNotify();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', newPassword1: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const next: typeof errors = {
      oldPassword: form.oldPassword ? undefined : t('oldRequired'),
      newPassword: form.newPassword ? undefined : t('newRequired'),
      newPassword1: !form.newPassword1
        ? t('confirmRequired')
        : form.newPassword1 !== form.newPassword
          ? t('mismatch')
          : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      // Like the login, the passwords travel as md5 hex; the server keeps a slow hash of that.
      await bladeRequest('/api/blade-user/my/update-password', {
        method: 'POST',
        body: {
          oldPassword: md5Hex(form.oldPassword),
          newPassword: md5Hex(form.newPassword),
          newPassword1: md5Hex(form.newPassword1),
        },
      });
      notify(t('passwordUpdated'), 'success');
      setForm({ oldPassword: '', newPassword: '', newPassword1: '' });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof form) => ({
    type: 'password',
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: !!errors[key],
    helperText: errors[key] ?? ' ',
  });

  return (
    <Stack spacing={1} sx={{ maxWidth: 520, pt: 2 }}>
      <TextField label={t('oldPassword')} {...field('oldPassword')} />
      <TextField label={t('newPassword')} {...field('newPassword')} />
      <TextField label={t('newPassword1')} {...field('newPassword1')} />
      <SaveButton busy={busy} onSave={save} />
    </Stack>
  );
}

/** /info/index: personal info, password change (spec 000 §2) and the changes that need a proof (issue 14). The chosen tab is kept while the page's tab is open. */
export function InfoPage() {
  const t = useTranslations('info');
  const tSecurity = useTranslations('security');
  const { data } = useMyDetail();
  const [tab, setTab] = useKeepAlive('/info/index', 'tab', 0);
  return (
    <Card>
      <CardContent>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)}>
          <Tab label={t('tabInfo')} />
          <Tab label={t('tabPassword')} />
          <Tab label={tSecurity('tab')} />
        </Tabs>
        {tab === 0 && data && <InfoForm key={data.id + data.avatar} detail={data} />}
        {tab === 1 && <PasswordForm />}
        {tab === 2 && <SecurityPanel />}
      </CardContent>
    </Card>
  );
}
