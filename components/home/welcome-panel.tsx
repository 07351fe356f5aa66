'use client';

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useSessionUser } from '@/lib/swr/use-session-user';

export function WelcomePanel() {
  const t = useTranslations('wel');
  const { data: user } = useSessionUser();
  return (
    <Card>
      <CardContent>
        {user ? (
          <Stack spacing={1}>
            <Typography component="h1" variant="h5">
              {t('greeting', { name: user.real_name || user.account })}
            </Typography>
            <Typography color="text.secondary">{t('intro')}</Typography>
            <Typography variant="body2">
              {t('tenant')}: {user.tenant_name ? `${user.tenant_name} (${user.tenant_id})` : user.tenant_id} ·{' '}
              {t('account')}: {user.account} · {t('role')}: {user.role_name ?? ''}
            </Typography>
          </Stack>
        ) : (
          <Skeleton height={80} />
        )}
      </CardContent>
    </Card>
  );
}
