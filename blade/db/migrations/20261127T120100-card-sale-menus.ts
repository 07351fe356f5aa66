/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { addMenuTree, grantMenus } from './lib/menus-v1';

// Issue 16, CCC mark sales: the customer's page 标志购买 on a database that has menus already, granted to every
// tenant's customer roles (a new tenant's customer role gets it from CUSTOMER_MENU_CODES). The staff pages 标志订单 and
// 标志商品 and their buttons need no rows here: start-up adds a definition's missing page and buttons
// (db/resource-menus.ts) and grants them to the platform administrator; tenants get them through packages and grants
// as every staff page. A fresh database has no menus yet: the seed brings the pages.
const CUSTOMER_PAGE = {
  code: 'my_card_sale',
  name: '标志购买',
  path: '/application/myCardSale',
  source: 'label',
  sort: 4,
};

export async function up(db: Kysely<any>): Promise<void> {
  // A page found live is granted too: the customers hold it whoever made it.
  const { pages } = await addMenuTree(db, { parentCode: 'application_center', pages: [CUSTOMER_PAGE] });
  await grantMenus(db, pages, ({ tenantId }) =>
    tenantId === '000000' ? ['customer', 'administrator'] : ['customer'],
  );
}

export async function down(): Promise<void> {
  // The page and its grants stay: they are the administrators' data once made.
}
