'use client';

import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { ErrorScreen } from '@/components/errors/error-screen';

export default function RenderError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  return (
    <ErrorScreen
      message={t('errors.serverError')}
      homeLabel={t('common.backHome')}
      action={
        <Button onClick={reset} sx={{ mr: 1 }}>
          {t('errors.retry')}
        </Button>
      }
    />
  );
}
