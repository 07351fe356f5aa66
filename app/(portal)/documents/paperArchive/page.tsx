import { ArchiveScreen } from '@/components/paper-archive/archive-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <ArchiveScreen />;
}
