import { TestItemScreen } from '@/components/acceptance/test-item-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <TestItemScreen />;
}
