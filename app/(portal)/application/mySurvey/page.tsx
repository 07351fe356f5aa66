import { MySurveys } from '@/components/quality/my-surveys';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <MySurveys />;
}
