import { CostPlanScreen } from '@/components/business/cost-plan-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CostPlanScreen />;
}
