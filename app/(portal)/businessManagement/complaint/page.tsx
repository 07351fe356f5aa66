import { StaffComplaints } from '@/components/quality/staff-complaints';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <StaffComplaints />;
}
