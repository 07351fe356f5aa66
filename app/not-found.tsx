import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/errors/error-screen';

export default async function NotFound() {
  const t = await getTranslations();
  return <ErrorScreen message={t('errors.notFound')} homeLabel={t('common.backHome')} />;
}
