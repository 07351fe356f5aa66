import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DashboardPanel } from '@/components/home/dashboard-panel';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.dashboard');
  return { title: t('title') };
}

export default async function Page() {
  await requirePageSession();
  return <DashboardPanel />;
}
