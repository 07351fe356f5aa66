import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ArchiveView } from '@/components/files/archive-view';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('files');
  return { title: t('queryTitle') };
}

/** The archive query view: the only screen with the missing-file actions (spec 000 §2). */
export default async function ArchiveQueryPage() {
  await requirePageSession();
  return (
    <Suspense>
      <ArchiveView queryView />
    </Suspense>
  );
}
