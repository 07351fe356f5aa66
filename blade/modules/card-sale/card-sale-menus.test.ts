import { up } from '../../db/migrations/20261127T120100-card-sale-menus';
import { ensureResourceMenus } from '../../db/resource-menus';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { createHarness, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { ensureCustomerRole } from '../customer/customer.repository';

// Migration 20261127T120100 on a database made before 标志购买: the page is added under 认证申请, every tenant's
// customer roles hold it, start-up then finds nothing missing, and a second run changes nothing.

const X = '360001';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await addTenant(h.blade.db, { tenantId: X, tenantName: '老机构', adminPassword: 'x-admin-pass' });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

const holds = (roleId: string) =>
  withTenant(
    h.blade.db,
    X,
    async (trx) =>
      (
        await trx
          .selectFrom('blade_role_menu as rm')
          .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
          .select('m.code')
          .where('rm.role_id', '=', roleId)
          .where('m.code', '=', 'my_card_sale')
          .execute()
      ).length,
  );

it('adds 标志购买 and grants it to the customer roles, once', async () => {
  const db = h.blade.db;
  const customerRole = await withTenant(db, X, (trx) => ensureCustomerRole(trx, X));
  const old = await db.selectFrom('blade_menu').select('id').where('code', '=', 'my_card_sale').execute();
  await withTenant(db, X, (trx) =>
    trx
      .deleteFrom('blade_role_menu')
      .where(
        'menu_id',
        'in',
        old.map((m) => m.id),
      )
      .execute(),
  );
  await db.deleteFrom('blade_menu').where('code', '=', 'my_card_sale').execute();
  expect(await holds(customerRole)).toBe(0);

  await db.transaction().execute((trx) => up(trx));
  const page = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parent_id')
    .select(['m.path', 'p.code as parent'])
    .where('m.code', '=', 'my_card_sale')
    .execute();
  expect(page).toEqual([{ path: '/application/myCardSale', parent: 'application_center' }]);
  expect(await holds(customerRole)).toBe(1);
  expect(await ensureResourceMenus(db)).toEqual([]);

  await db.transaction().execute((trx) => up(trx));
  expect(
    await db.selectFrom('blade_menu').select('id').where('code', '=', 'my_card_sale').execute(),
  ).toHaveLength(1);
  expect(await holds(customerRole)).toBe(1);
});
