import { ApplicationDetail } from '@/components/application/application-detail';
import { isScheme } from '@/components/application/step-logic';
import { requirePageSession } from '@/lib/server/require-session';

type Search = Promise<{ scheme?: string | string[]; id?: string | string[] }>;

export default async function Page({ searchParams }: { searchParams: Search }) {
  await requirePageSession();
  const { scheme, id } = await searchParams;
  const recordId = typeof id === 'string' ? id : '';
  return <ApplicationDetail key={recordId} scheme={isScheme(scheme) ? scheme : null} id={recordId} />;
}
