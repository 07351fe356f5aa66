import { ChangeList } from '@/components/cert-change/change-list';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <ChangeList staff={true} />;
}
