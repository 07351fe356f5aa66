'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';

/** A message the registration and recovery forms show above their fields. */
export interface Notice {
  severity: 'error' | 'success' | 'info';
  text: string;
}

/** The form's message: an error is announced at once (alert), the rest politely (status). */
export function NoticeAlert({ notice }: { notice: Notice | undefined }) {
  return notice ? (
    <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 1 }}>
      {notice.text}
    </Alert>
  ) : null;
}

/** What replaces the form once it went through: the outcome, and the way to the login. */
export function DoneNotice({ text }: { text: string }) {
  const t = useTranslations('register');
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        {text}
      </Alert>
      <Button component={NextLink} href="/login" variant="contained">
        {t('toLogin')}
      </Button>
    </Stack>
  );
}
