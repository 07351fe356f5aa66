import { RealCostScreen } from '@/components/business/real-cost-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <RealCostScreen />;
}
