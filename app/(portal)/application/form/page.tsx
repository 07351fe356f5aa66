import { ApplicationForm } from '@/components/application/application-form';
import { isScheme } from '@/components/application/step-logic';
import { requirePageSession } from '@/lib/server/require-session';

type Search = Promise<{ scheme?: string | string[]; id?: string | string[] }>;

export default async function Page({ searchParams }: { searchParams: Search }) {
  await requirePageSession();
  const { scheme, id } = await searchParams;
  const recordId = typeof id === 'string' ? id : '';
  // An unknown scheme starts a CCC application: the menu's own link names none.
  const kind = isScheme(scheme) ? scheme : 'ccc';
  // Another application (or scheme) is another form: nothing typed into the previous one survives.
  return <ApplicationForm key={`${kind}/${recordId}`} scheme={kind} id={recordId} />;
}
