import { up } from '../../db/migrations/20261127T120100-card-sale-menus';
import { ensureResourceMenus } from '../../db/resource-menus';
import { withTenant } from '../../db/tenant';
import { addOldTenant, codesOfRole, forgetMenus, menuIdsOf, menuPlaces } from '../../testing/menus';
import { harnessPerFile, type Harness } from '../../testing/harness';
import { ensureCustomerRole } from '../customer/customer.repository';

// Migration 20261127T120100 on a database made before 标志购买: the page is added under 认证申请, every tenant's
// customer roles hold it, start-up then finds nothing missing, and a second run changes nothing.

const X = '360001';
let h: Harness;

harnessPerFile(async (made) => {
  h = made;
  await addOldTenant(h.blade.db, X);
});

const PAGE = ['my_card_sale'];
const holds = async (roleId: string) => (await codesOfRole(h.blade.db, X, roleId, PAGE)).length;

it('adds 标志购买 and grants it to the customer roles, once', async () => {
  const db = h.blade.db;
  const customerRole = await withTenant(db, X, (trx) => ensureCustomerRole(trx, X));
  expect(await forgetMenus(db, PAGE, [X])).toBe(1);
  expect(await holds(customerRole)).toBe(0);

  await db.transaction().execute((trx) => up(trx));
  expect(await menuPlaces(db, PAGE)).toEqual({
    my_card_sale: { path: '/application/myCardSale', parent: 'application_center' },
  });
  expect(await holds(customerRole)).toBe(1);
  expect(await ensureResourceMenus(db)).toEqual([]);

  await db.transaction().execute((trx) => up(trx));
  expect(await menuIdsOf(db, PAGE)).toHaveLength(1);
  expect(await holds(customerRole)).toBe(1);
});
