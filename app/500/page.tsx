import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/errors/error-screen';

export default async function Page500() {
  const t = await getTranslations();
  return <ErrorScreen message={t('errors.serverError')} homeLabel={t('common.backHome')} />;
}
