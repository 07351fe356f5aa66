import { FlowCardScreen } from '@/components/acceptance/flow-card-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <FlowCardScreen />;
}
