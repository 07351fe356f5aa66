'use client';

import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCountdown } from './use-countdown';

/**
 * The button beside a verification code field: asks for a code and then counts the minute down before another may be
 * asked for (blade/ refuses sooner ones anyway). `onSend` answers whether a code went out: only then does the
 * countdown start, so a refused send (a bad number, a limit) can be retried at once.
 */
export function SendCodeButton({ onSend, height = 40 }: { onSend: () => Promise<boolean>; height?: number }) {
  const t = useTranslations('verifyCode');
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      if (await onSend()) start();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void send()}
      disabled={busy || left > 0}
      sx={{ flexShrink: 0, height, minWidth: 128 }}
    >
      {left > 0 ? t('resendIn', { seconds: left }) : t('send')}
    </Button>
  );
}
