'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import { md5Hex } from '@/lib/client/md5';
import { hardNavigate } from '@/lib/client/navigation';
import { PortalDialog } from './portal-dialog';

const SUBMITTED_READING_MS = 3000;

export interface GuestForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

export type GuestProblem = 'tenantRequired' | 'accountRequired' | 'passwordRequired' | 'mismatch';

/** Spec 000 §5, in this order: tenant number, account name, both passwords, passwords equal. */
export function guestProblem(form: GuestForm, needTenant: boolean): GuestProblem | null {
  if (needTenant && !form.tenantId.trim()) return 'tenantRequired';
  if (!form.account.trim()) return 'accountRequired';
  if (!form.password || !form.password2) return 'passwordRequired';
  if (form.password !== form.password2) return 'mismatch';
  return null;
}

/**
 * Registration of a third-party login guest: success shows the spec's message and logs out to /login. The account is
 * requested in the guest's own tenant, which blade takes from the session's token, so the spec's tenant number field
 * ("shown only if the tenant cannot be inferred") never shows and none is sent.
 */
export function RegisterGuestDialog({
  open,
  oauthId,
  onLogout,
}: {
  open: boolean;
  oauthId?: string;
  onLogout: () => Promise<void>;
}) {
  const t = useTranslations('shell.registerGuest');
  const notify = useNotify();
  const [form, setForm] = useState<GuestForm>({
    tenantId: '',
    name: '',
    account: '',
    password: '',
    password2: '',
  });
  const [busy, setBusy] = useState(false);
  // After the request the session is over: the dialog says so in its own words, then goes to the login page.
  const [submitted, setSubmitted] = useState(false);
  const leaving = useRef(false);
  /** Ends the guest session and goes to the login page, once. */
  const leave = () => {
    if (leaving.current) return;
    leaving.current = true;
    void onLogout().then(() => hardNavigate('/login'));
  };
  const field = (key: keyof GuestForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const submit = async () => {
    const problem = guestProblem(form, false);
    if (problem) {
      notify(t(problem), 'error');
      return;
    }
    setBusy(true);
    try {
      await bladeRequest('/api/blade-user/register-guest', {
        method: 'POST',
        silent: true,
        body: {
          name: form.name.trim(),
          account: form.account.trim(),
          password: md5Hex(form.password),
          oauthId: oauthId ?? '',
        },
      });
      setSubmitted(true);
      // The session ends only when the page leaves: ended first, the shell would notice and leave before the sentence
      // could be read. Long enough to read it; the button goes at once.
      setTimeout(leave, SUBMITTED_READING_MS);
    } catch (err) {
      notify(err instanceof BladeError && err.message ? err.message : t('failed'), 'error');
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={open}
      onClose={leave}
      title={t('title')}
      width={480}
      data-testid="register-guest-dialog"
      actions={
        submitted ? undefined : (
          <DialogActions>
            <Button variant="contained" onClick={() => void submit()} disabled={busy}>
              {t('submit')}
            </Button>
          </DialogActions>
        )
      }
    >
      {submitted ? (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="success" role="status">
            {t('submitted')}
          </Alert>
          <Button variant="contained" onClick={leave}>
            {t('toLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('name')} {...field('name')} />
          <TextField label={t('account')} {...field('account')} />
          <TextField label={t('password')} type="password" {...field('password')} />
          <TextField label={t('password2')} type="password" {...field('password2')} />
        </Stack>
      )}
    </PortalDialog>
  );
}
