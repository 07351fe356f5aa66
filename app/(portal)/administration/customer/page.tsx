import { CustomerScreen } from '@/components/business/customer-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CustomerScreen />;
}
