import { ContractDetail } from '@/components/business/contract-detail';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  await requirePageSession();
  const { id } = await searchParams;
  const recordId = typeof id === 'string' ? id : '';
  // Another record is another page: nothing of the previous one's tabs or dialogs survives.
  return <ContractDetail key={recordId} id={recordId} />;
}
