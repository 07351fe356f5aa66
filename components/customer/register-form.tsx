'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { z } from '@/lib/zod';
import { bladeRequest, BladeError } from '@/lib/client/fetcher';
import { md5Hex } from '@/lib/client/md5';
import {
  companyFieldsSchema,
  userFieldsSchema,
  type CustomerMessageKey,
} from '@/lib/contracts/customer/registration';
import { firstErrors } from '@/components/crud/first-errors';
import { SendCodeButton } from '@/components/shell/send-code-button';
import { checkCode, sendCode } from './code-flow';
import { DoneNotice, NoticeAlert, type Notice } from './form-notice';

const FIELDS = [
  'companyName',
  'creditCode',
  'address',
  'contactName',
  'contactPhone',
  'account',
  'password',
  'password2',
  'realName',
  'phone',
  'email',
  'code',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The fields checked for availability as the person leaves them, and the key of their "taken" text. */
const AVAILABILITY: Partial<Record<Field, string>> = {
  account: 'accountTaken',
  phone: 'phoneTaken',
  companyName: 'companyNameTaken',
};

/** The form's rules: the contract's (in the user's language) plus the plain password typed twice. */
export function registerFormSchema(tc: (key: CustomerMessageKey) => string, t: (key: string) => string) {
  return companyFieldsSchema(tc)
    .extend(userFieldsSchema(tc).omit({ password: true }).shape)
    .extend({
      password: z.string().min(6, t('passwordLength')).max(20, t('passwordLength')),
      password2: z.string(),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, t('codeRequired')),
    })
    .refine((v) => v.password === v.password2, { message: t('passwordMismatch'), path: ['password2'] });
}

/** /register: a customer company and its first user, verified by an e-mail code (spec 001 §7.2). */
export function RegisterForm({ tenantId }: { tenantId: string }) {
  const t = useTranslations('register');
  const tc = useTranslations('customer');
  const [values, setValues] = useState<Values>(
    () => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [codeId, setCodeId] = useState<string>();
  const [key, setKey] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  const [done, setDone] = useState<0 | 1>();
  const [busy, setBusy] = useState(false);
  const schema = registerFormSchema(
    (k) => tc(k),
    (k) => t(k),
  );

  const setError = (field: Field, text?: string) => setErrors((e) => ({ ...e, [field]: text }));
  const message = (err: unknown) => (err instanceof BladeError ? err.message : t('failed'));

  /** Live check as the person leaves a field: says only whether the value is free. */
  const checkAvailable = async (field: Field) => {
    const taken = AVAILABILITY[field];
    const parsed = schema.safeParse(values);
    const own = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
    if (!taken || !values[field].trim() || own) {
      setError(field, own?.message);
      return;
    }
    try {
      const free =
        field === 'account'
          ? (
              await bladeRequest<boolean>('/api/blade-customer/user/userNameCanUse', {
                params: { tenantId, account: values.account.trim() },
                silent: true,
              })
            ).data
          : (
              await bladeRequest<Record<string, boolean>>(
                '/api/blade-customer/user/validateUserByPhoneOrcompanyName',
                { params: { tenantId, [field]: values[field].trim() }, silent: true },
              )
            ).data[`${field}CanUse`];
      setError(field, free ? undefined : tc(taken));
    } catch (err) {
      setError(field, message(err));
    }
  };

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A key proves the address it was issued for: a changed e-mail needs a new code.
    if (field === 'email') {
      setKey(undefined);
      setCodeId(undefined);
    }
  };

  const send = async (): Promise<boolean> => {
    const email = userFieldsSchema((k) => tc(k)).shape.email.safeParse(values.email);
    if (!email.success) {
      setError('email', email.error.issues[0].message);
      return false;
    }
    setNotice(undefined);
    try {
      setCodeId(await sendCode('email', tenantId, 'register', { email: email.data }));
      setKey(undefined);
      setNotice({ severity: 'info', text: t('codeSent', { email: email.data }) });
      return true;
    } catch (err) {
      setNotice({ severity: 'error', text: message(err) });
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    if (!codeId) return setError('code', t('sendFirst'));
    setBusy(true);
    try {
      const { password2: _again, code, password, ...fields } = parsed.data;
      void _again;
      const spendable = key ?? (await checkCode('email', tenantId, 'register', codeId, code, fields.email));
      setKey(spendable);
      const res = await bladeRequest<{ status: 0 | 1 }>('/api/blade-customer/user/insertUser', {
        method: 'POST',
        body: { ...fields, tenantId, password: md5Hex(password), key: spendable },
        silent: true,
      });
      setDone(res.data.status);
    } catch (err) {
      setNotice({ severity: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  };

  if (done !== undefined) return <DoneNotice text={done === 1 ? t('done') : t('donePending')} />;

  const field = (name: Field, extra: { type?: string; autoComplete?: string } = {}) => ({
    name,
    label: t(`fields.${name}`),
    value: values[name],
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
    size: 'small' as const,
    fullWidth: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
    onBlur: AVAILABILITY[name] ? () => void checkAvailable(name) : undefined,
    ...extra,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('title')}>
      <Stack spacing={0.5}>
        <NoticeAlert notice={notice} />
        <Typography variant="subtitle2">{t('companySection')}</Typography>
        <TextField {...field('companyName', { autoComplete: 'organization' })} />
        <TextField {...field('creditCode')} />
        <TextField {...field('address', { autoComplete: 'street-address' })} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField {...field('contactName')} />
          <TextField {...field('contactPhone', { type: 'tel' })} />
        </Stack>
        <Typography variant="subtitle2">{t('accountSection')}</Typography>
        <TextField {...field('account', { autoComplete: 'username' })} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField {...field('password', { type: 'password', autoComplete: 'new-password' })} />
          <TextField {...field('password2', { type: 'password', autoComplete: 'new-password' })} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField {...field('realName', { autoComplete: 'name' })} />
          <TextField {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
        </Stack>
        <TextField {...field('email', { type: 'email', autoComplete: 'email' })} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField {...field('code', { autoComplete: 'one-time-code' })} />
          <SendCodeButton onSend={send} />
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('submitting') : t('submit')}
        </Button>
        <Link component={NextLink} href="/login" variant="body2" sx={{ alignSelf: 'center', mt: 1 }}>
          {t('haveAccount')}
        </Link>
      </Stack>
    </Box>
  );
}
