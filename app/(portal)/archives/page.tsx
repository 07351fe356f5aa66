import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ArchiveView } from '@/components/files/archive-view';
import { requirePageSession } from '@/lib/server/require-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('files');
  return { title: t('title') };
}

/**
 * The file tree page of one business record: /archives?functionCode=…&dataId=…[&view=table]. Business screens link
 * here for a record's files.
 */
export default async function ArchivesPage() {
  await requirePageSession();
  return (
    <Suspense>
      <ArchiveView queryView={false} />
    </Suspense>
  );
}
