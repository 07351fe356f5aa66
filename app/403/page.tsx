import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/errors/error-screen';

export default async function Page403() {
  const t = await getTranslations();
  return <ErrorScreen message={t('errors.forbidden')} homeLabel={t('common.backHome')} />;
}
