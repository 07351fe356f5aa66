'use client';

import { ResourceScreen } from '@/components/crud/resource-screen';
import { cardGoodsResource } from '@/lib/contracts/card-sale/card-sale';

/** /businessManagement/cardGoods 标志商品: the goods' plain CRUD from their definition (buttons by the page's codes). */
export function CardGoodsScreen() {
  return <ResourceScreen def={cardGoodsResource} />;
}
