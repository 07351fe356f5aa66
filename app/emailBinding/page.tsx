import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailBinding } from '@/components/shell/email-binding';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('emailBinding');
  return { title: t('title') };
}

/** Public (spec 000 §2): the key in the link is the credential; the page itself shows nothing private. */
export default async function Page({ searchParams }: { searchParams: Promise<{ key?: string }> }) {
  const { key } = await searchParams;
  return <EmailBinding bindingKey={typeof key === 'string' ? key : ''} />;
}
