/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

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
  parent: 'application_center',
  sort: 4,
};

// Ids in the application's snowflake layout (core/ids.ts), kept local: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

const menuRow = (db: Kysely<any>, code: string) =>
  db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();

export async function up(db: Kysely<any>): Promise<void> {
  const anyMenu = await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst();
  if (!anyMenu) return;
  const parent = await menuRow(db, CUSTOMER_PAGE.parent);
  if (!parent || parent.is_deleted !== 0) return;
  const found = await menuRow(db, CUSTOMER_PAGE.code);
  // A page that was ever made stays as the administrators left it (a deleted one is not brought back).
  if (found && found.is_deleted !== 0) return;
  let pageId = found ? String(found.id) : undefined;
  if (!pageId) {
    pageId = newId();
    const { parent: _parent, ...fields } = CUSTOMER_PAGE;
    await db
      .insertInto('blade_menu')
      .values({
        id: pageId,
        remark: '',
        ...fields,
        parent_id: String(parent.id),
        alias: 'menu',
        category: 1,
        action: 0,
      })
      .execute();
  }
  const tenants = (await db
    .selectFrom('blade_tenant')
    .select(['tenant_id'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ tenant_id: string }>;
  for (const { tenant_id: tenantId } of tenants) {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    const roles = (await db
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('role_alias', 'in', tenantId === '000000' ? ['customer', 'administrator'] : ['customer'])
      .execute()) as Array<{ id: string }>;
    if (roles.length)
      await db
        .insertInto('blade_role_menu')
        .values(
          roles.map((r) => ({ id: newId(), tenant_id: tenantId, role_id: String(r.id), menu_id: pageId })),
        )
        .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
        .execute();
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function down(): Promise<void> {
  // The page and its grants stay: they are the administrators' data once made.
}
