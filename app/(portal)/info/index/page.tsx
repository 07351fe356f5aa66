import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InfoPage } from '@/components/info/info-page';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('info');
  return { title: t('title') };
}

export default async function Page() {
  await requirePageSession();
  return <InfoPage />;
}
