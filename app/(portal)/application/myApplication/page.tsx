import { MyApplications } from '@/components/application/my-applications';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <MyApplications />;
}
