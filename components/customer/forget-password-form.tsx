'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { z } from '@/lib/zod';
import { bladeRequest, BladeError } from '@/lib/client/fetcher';
import { md5Hex } from '@/lib/client/md5';
import { accountSchema, type RecoveryTargets } from '@/lib/contracts/customer/registration';
import { firstErrors } from '@/components/crud/first-errors';
import { SendCodeButton } from '@/components/shell/send-code-button';
import { checkCode, sendCode, type CodeChannel } from './code-flow';
import { DoneNotice, NoticeAlert, type Notice } from './form-notice';

type Field = 'account' | 'code' | 'password' | 'password2';

/** The last step's rules: the code, and the new password typed twice. */
export function resetFormSchema(t: (key: string) => string) {
  return z
    .object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, t('codeRequired')),
      password: z.string().min(6, t('passwordLength')).max(20, t('passwordLength')),
      password2: z.string(),
    })
    .refine((v) => v.password === v.password2, { message: t('passwordMismatch'), path: ['password2'] });
}

/**
 * /forgetPassword: the account → where a code can go (masked, selectPhoneByCompoundPar) → the code, sent to the
 * account's own phone or e-mail → the key → the new password (updatePassWordBykey). The page never learns the address.
 */
export function ForgetPasswordForm({ tenantId }: { tenantId: string }) {
  const t = useTranslations('register');
  const tc = useTranslations('customer');
  const [values, setValues] = useState<Record<Field, string>>({
    account: '',
    code: '',
    password: '',
    password2: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [targets, setTargets] = useState<RecoveryTargets>();
  const [channel, setChannel] = useState<CodeChannel>('phone');
  const [codeId, setCodeId] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const message = (err: unknown) => (err instanceof BladeError ? err.message : t('failed'));

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    const account = accountSchema((k) => tc(k)).safeParse(values.account);
    if (!account.success) return setErrors({ account: account.error.issues[0].message });
    setErrors({});
    setNotice(undefined);
    setBusy(true);
    try {
      const res = await bladeRequest<RecoveryTargets>('/api/blade-customer/user/selectPhoneByCompoundPar', {
        method: 'POST',
        body: { tenantId, account: account.data },
        silent: true,
      });
      setTargets(res.data);
      setChannel(res.data.phone ? 'phone' : 'email');
    } catch (err) {
      setNotice({ severity: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  };

  const send = async (): Promise<boolean> => {
    setNotice(undefined);
    try {
      setCodeId(await sendCode(channel, tenantId, 'recover', { account: values.account.trim() }));
      const where = channel === 'phone' ? targets?.phone : targets?.email;
      setNotice({ severity: 'info', text: t('forget.codeSent', { target: where ?? '' }) });
      return true;
    } catch (err) {
      setNotice({ severity: 'error', text: message(err) });
      return false;
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = resetFormSchema((k) => t(k)).safeParse(values);
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    if (!codeId) return setErrors({ code: t('sendFirst') });
    setBusy(true);
    try {
      const key = await checkCode(channel, tenantId, 'recover', codeId, parsed.data.code);
      await bladeRequest('/api/blade-customer/user/updatePassWordBykey', {
        method: 'POST',
        body: { tenantId, account: values.account.trim(), password: md5Hex(parsed.data.password), key },
        silent: true,
      });
      setDone(true);
    } catch (err) {
      setNotice({ severity: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, extra: { type?: string; autoComplete?: string; disabled?: boolean } = {}) => ({
    name,
    label: t(`fields.${name}`),
    value: values[name],
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
    fullWidth: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    ...extra,
  });

  if (done) return <DoneNotice text={t('forget.done')} />;

  return (
    <Stack spacing={0.5}>
      <NoticeAlert notice={notice} />
      <Box component="form" noValidate onSubmit={lookUp} aria-label={t('forget.lookUp')}>
        <Stack spacing={0.5}>
          <TextField {...field('account', { autoComplete: 'username', disabled: !!targets })} />
          {targets ? null : (
            <Button type="submit" variant="contained" disabled={busy}>
              {t('forget.next')}
            </Button>
          )}
        </Stack>
      </Box>
      {targets ? (
        <Box component="form" noValidate onSubmit={reset} aria-label={t('forget.title')}>
          <Stack spacing={0.5}>
            <RadioGroup
              value={channel}
              onChange={(e) => {
                setChannel(e.target.value as CodeChannel);
                setCodeId(undefined);
              }}
              aria-label={t('forget.channel')}
            >
              {targets.phone ? (
                <FormControlLabel
                  value="phone"
                  control={<Radio />}
                  label={t('forget.byPhone', { target: targets.phone })}
                />
              ) : null}
              {targets.email ? (
                <FormControlLabel
                  value="email"
                  control={<Radio />}
                  label={t('forget.byEmail', { target: targets.email })}
                />
              ) : null}
            </RadioGroup>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField {...field('code', { autoComplete: 'one-time-code' })} />
              <SendCodeButton onSend={send} height={56} />
            </Stack>
            <TextField {...field('password', { type: 'password', autoComplete: 'new-password' })} />
            <TextField {...field('password2', { type: 'password', autoComplete: 'new-password' })} />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('submitting') : t('forget.submit')}
            </Button>
          </Stack>
        </Box>
      ) : null}
      <Link component={NextLink} href="/login" variant="body2" sx={{ alignSelf: 'center', mt: 1 }}>
        {t('backToLogin')}
      </Link>
    </Stack>
  );
}
