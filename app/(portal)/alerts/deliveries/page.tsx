import { DeliveryLogScreen } from '@/components/alerts/delivery-log-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <DeliveryLogScreen />;
}
