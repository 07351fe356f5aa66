import { IncomeScreen } from '@/components/business/income-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <IncomeScreen />;
}
