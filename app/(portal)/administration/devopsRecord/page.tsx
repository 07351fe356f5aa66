import { DevopsRecordScreen } from '@/components/business/devops-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <DevopsRecordScreen />;
}
