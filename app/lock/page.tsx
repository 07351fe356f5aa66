import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { LockScreen } from '@/components/auth/lock-screen';
import { requirePageSession } from '@/lib/server/require-session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('lock');
  return { title: t('title') };
}

export default async function LockPage() {
  const session = await requirePageSession({ allowLocked: true });
  if (!session.lock?.locked) redirect('/');
  return <LockScreen />;
}
