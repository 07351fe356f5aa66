import { InvoiceScreen } from '@/components/business/invoice-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <InvoiceScreen />;
}
