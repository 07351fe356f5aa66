'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { useNotify } from '@/components/providers/notifier';
import { SendCodeButton } from '@/components/shell/send-code-button';
import { bladeRequest } from '@/lib/client/fetcher';
import { md5Hex } from '@/lib/client/md5';
import { PHONE_PATTERN } from '@/lib/contracts/inputs';

type Method = 'password' | 'phone' | 'email';
interface Ways {
  methods: Method[];
  phone: string;
  email: string;
}

/**
 * The caller proves who they are (password, or a code to the phone or e-mail the account has) and spends that proof
 * once: on a new password (my/updatePasswordWithKey) or a new phone (my/updatePhoneWithKey, with a code sent to the
 * new number). The proof lives 15 minutes on the server; this panel holds it only until it is spent.
 */
export function SecurityPanel() {
  const t = useTranslations('security');
  const notify = useNotify();
  const { data: ways } = useSWR<Ways>('/api/blade-user/my/keyForValidate');
  const [method, setMethod] = useState<Method>('password');
  const [password, setPassword] = useState('');
  const [codeId, setCodeId] = useState('');
  const [code, setCode] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const [pw, setPw] = useState({ newPassword: '', newPassword1: '' });
  const [phone, setPhone] = useState({ phone: '', codeId: '', code: '' });
  const [problem, setProblem] = useState('');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const sendOwnCode = async () => {
    const path = method === 'phone' ? 'sendPhoneValidateCode' : 'sendEmailValidateCode';
    const res = await bladeRequest<{ codeId: string }>(`/api/blade-user/my/${path}`, {
      method: 'POST',
      body: {},
    });
    setCodeId(res.data.codeId);
    notify(res.msg ?? t('codeSent'), 'success');
    return true;
  };

  const prove = () =>
    run(async () => {
      const res =
        method === 'password'
          ? await bladeRequest<{ key: string }>('/api/blade-user/my/validatePassword', {
              method: 'POST',
              body: { password: md5Hex(password) },
            })
          : await bladeRequest<{ key: string }>(
              `/api/blade-user/my/${method === 'phone' ? 'validatePhoneCode' : 'validateEmailCode'}`,
              { method: 'POST', body: { codeId, code } },
            );
      setKey(res.data.key);
      setPassword('');
      setCode('');
    });

  const savePassword = () => {
    if (!pw.newPassword) return setProblem(t('newRequired'));
    if (pw.newPassword !== pw.newPassword1) return setProblem(t('mismatch'));
    setProblem('');
    return run(async () => {
      await bladeRequest('/api/blade-user/my/updatePasswordWithKey', {
        method: 'POST',
        body: { key, newPassword: md5Hex(pw.newPassword), newPassword1: md5Hex(pw.newPassword1) },
      });
      setKey('');
      setPw({ newPassword: '', newPassword1: '' });
      notify(t('passwordUpdated'), 'success');
    });
  };

  const sendNewPhoneCode = async () => {
    if (!PHONE_PATTERN.test(phone.phone)) {
      setProblem(t('phoneFormat'));
      return false;
    }
    setProblem('');
    const res = await bladeRequest<{ codeId: string }>('/api/blade-user/my/sendNewPhoneValidateCode', {
      method: 'POST',
      body: { phone: phone.phone },
    });
    setPhone((p) => ({ ...p, codeId: res.data.codeId }));
    notify(res.msg ?? t('codeSent'), 'success');
    return true;
  };

  const savePhone = () =>
    run(async () => {
      await bladeRequest('/api/blade-user/my/updatePhoneWithKey', {
        method: 'POST',
        body: { key, ...phone },
      });
      setKey('');
      setPhone({ phone: '', codeId: '', code: '' });
      notify(t('phoneUpdated'), 'success');
    });

  if (!ways) return null;
  const masked = method === 'phone' ? ways.phone : method === 'email' ? ways.email : '';

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, pt: 2 }}>
      {!key ? (
        <>
          <Typography variant="subtitle1" component="h2">
            {t('proveTitle')}
          </Typography>
          <RadioGroup
            row
            value={method}
            onChange={(_, v) => {
              setMethod(v as Method);
              setCodeId('');
            }}
          >
            {ways.methods.map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={t(`by_${m}`)} />
            ))}
          </RadioGroup>
          {method === 'password' ? (
            <TextField
              type="password"
              label={t('currentPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <>
              <Typography variant="body2">{t('codeGoesTo', { address: masked })}</Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <TextField
                  label={t('code')}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: 1 }}
                />
                <SendCodeButton onSend={sendOwnCode} />
              </Box>
            </>
          )}
          <Box>
            <Button
              variant="contained"
              onClick={() => void prove()}
              disabled={busy || (method === 'password' ? !password : !codeId || code.length !== 6)}
            >
              {t('prove')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Alert severity="success">{t('proved')}</Alert>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Typography variant="subtitle1" component="h2">
            {t('newPasswordTitle')}
          </Typography>
          <TextField
            type="password"
            label={t('newPassword')}
            value={pw.newPassword}
            onChange={(e) => setPw((p) => ({ ...p, newPassword: e.target.value }))}
          />
          <TextField
            type="password"
            label={t('newPassword1')}
            value={pw.newPassword1}
            onChange={(e) => setPw((p) => ({ ...p, newPassword1: e.target.value }))}
          />
          <Box>
            <Button variant="contained" onClick={() => void savePassword()} disabled={busy}>
              {t('savePassword')}
            </Button>
          </Box>
          <Divider />
          <Typography variant="subtitle1" component="h2">
            {t('newPhoneTitle')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              label={t('newPhone')}
              value={phone.phone}
              onChange={(e) => setPhone((p) => ({ ...p, phone: e.target.value.trim() }))}
              sx={{ flex: 1 }}
            />
            <SendCodeButton onSend={sendNewPhoneCode} />
          </Box>
          <TextField
            label={t('code')}
            value={phone.code}
            onChange={(e) => setPhone((p) => ({ ...p, code: e.target.value.replace(/\D/g, '').slice(0, 6) }))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box>
            <Button
              variant="contained"
              onClick={() => void savePhone()}
              disabled={busy || !phone.codeId || phone.code.length !== 6}
            >
              {t('savePhone')}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}
