import { TeamScreen } from '@/components/business/team-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <TeamScreen />;
}
