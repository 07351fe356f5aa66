import { sql } from 'kysely';
import { up } from '../../db/migrations/20261126T150100-customer-application-menus';
import { withTenant } from '../../db/tenant';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { codesOfRole, forgetMenus, menuIdsOf } from '../../testing/menus';
import { QUALITY_CUSTOMER_MENU_CODES } from '../../../lib/contracts/quality/quality';
import { CARD_SALE_CUSTOMER_MENU_CODES } from '../../../lib/contracts/card-sale/card-sale';
import { ensureCustomerRole } from '../customer/customer.repository';

// Migration 20261126T150100: a database made before the application pages gets them, and its customer roles (made
// by registrations of that time) and the platform administrator hold them; a second run changes nothing.

const CODES = ['application_center', 'my_application', 'application_apply', 'my_certificate'];
let h: Harness;

harnessPerFile((made) => {
  h = made;
});

const heldBy = (roleId: string) => codesOfRole(h.blade.db, PLATFORM, roleId, CODES);

it('adds the pages to a database without them and grants them to customer roles and the administrator', async () => {
  // The database as it was before issue 15: no application menus, a customer role with the home page only.
  expect(await forgetMenus(h.blade.db, CODES, [PLATFORM])).toBe(CODES.length);
  const customerRole = await withTenant(h.blade.db, PLATFORM, (trx) => ensureCustomerRole(trx, PLATFORM));
  const administrator = await withTenant(
    h.blade.db,
    PLATFORM,
    async (trx) =>
      (
        await trx
          .selectFrom('blade_role')
          .select('id')
          .where('role_alias', '=', 'administrator')
          .executeTakeFirstOrThrow()
      ).id,
  );
  expect(await heldBy(customerRole)).toEqual([]);

  await h.blade.db.transaction().execute((trx) => up(trx));
  const menus = await h.blade.db
    .selectFrom('blade_menu')
    .select(['id', 'code', 'parent_id', 'path', 'category'])
    .where('code', 'in', CODES)
    .execute();
  const byCode = new Map(menus.map((m) => [m.code, m]));
  expect(byCode.get('my_application')).toMatchObject({
    parent_id: byCode.get('application_center')!.id,
    path: '/application/myApplication',
  });
  expect(byCode.get('application_apply')).toMatchObject({
    parent_id: byCode.get('my_application')!.id,
    category: 2,
  });
  expect(await heldBy(customerRole)).toEqual([...CODES].sort());
  expect(await heldBy(administrator)).toEqual([...CODES].sort());

  await h.blade.db.transaction().execute((trx) => up(trx));
  expect(await menuIdsOf(h.blade.db, CODES)).toHaveLength(CODES.length);
  const grants = await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx
      .selectFrom('blade_role_menu')
      .select(sql<string>`count(*)`.as('n'))
      .where('role_id', '=', customerRole)
      .executeTakeFirstOrThrow(),
  );
  // The home pages, the application pages, 我的缴费通知单, the complaint and survey pages and 我的发票 (issue 16) the
  // role is made with (CUSTOMER_MENU_CODES), and 标志购买.
  expect(Number(grants.n)).toBe(
    2 + CODES.length + 1 + QUALITY_CUSTOMER_MENU_CODES.length + 1 + CARD_SALE_CUSTOMER_MENU_CODES.length,
  );
});
