import { StaffSurveys } from '@/components/quality/staff-surveys';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <StaffSurveys />;
}
