import { UsageScreen } from '@/components/equipment/usage-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <UsageScreen />;
}
