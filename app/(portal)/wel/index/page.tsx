import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WelcomePanel } from '@/components/home/welcome-panel';
import { WorkDashboard } from '@/components/home/work-dashboard';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('layout');
  return { title: t('home') };
}

export default async function HomePage() {
  // Layouts and pages render in parallel: the page checks the session itself.
  await requirePageSession();
  return (
    <>
      <WelcomePanel />
      <WorkDashboard />
    </>
  );
}
