import { CardSaleList } from '@/components/card-sale/sale-list';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CardSaleList staff={false} />;
}
