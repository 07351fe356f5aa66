import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FileConfiguration } from '@/components/files/file-configuration';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('fileConfig');
  return { title: t('title') };
}

export default async function FileConfigurationPage() {
  await requirePageSession();
  return <FileConfiguration />;
}
