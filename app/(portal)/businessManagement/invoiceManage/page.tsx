import { InvoiceManage } from '@/components/invoice/my-invoices';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <InvoiceManage />;
}
