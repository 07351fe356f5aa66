import { ContractScreen } from '@/components/business/contract-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <ContractScreen />;
}
