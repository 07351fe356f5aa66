import { CasePage } from '@/components/application/case-page';
import { isScheme } from '@/components/application/step-logic';
import { requirePageSession } from '@/lib/server/require-session';

type Search = Promise<{ scheme?: string | string[]; id?: string | string[] }>;

export default async function Page({ searchParams }: { searchParams: Search }) {
  await requirePageSession();
  const { scheme, id } = await searchParams;
  const recordId = typeof id === 'string' ? id : '';
  // Another case is another page: nothing of the previous one's tabs or dialogs survives.
  return <CasePage key={recordId} scheme={isScheme(scheme) ? scheme : null} id={recordId} />;
}
