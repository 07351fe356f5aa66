import { CardGoodsScreen } from '@/components/card-sale/goods-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CardGoodsScreen />;
}
