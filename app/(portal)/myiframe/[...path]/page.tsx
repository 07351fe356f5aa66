import { IframePage } from '@/components/shell/iframe-page';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <IframePage />;
}
