import { EventRecordScreen } from '@/components/business/task-screens';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <EventRecordScreen />;
}
