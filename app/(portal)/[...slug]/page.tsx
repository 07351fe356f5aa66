import { UnknownRoute } from '@/components/shell/unknown-route';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <UnknownRoute />;
}
