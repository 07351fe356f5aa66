import { BusinessScreen } from '@/components/application/business-list';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <BusinessScreen name="retreat" />;
}
