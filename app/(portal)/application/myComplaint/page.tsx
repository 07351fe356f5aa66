import { MyComplaints } from '@/components/quality/my-complaints';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <MyComplaints />;
}
