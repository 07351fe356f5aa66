import { addMenus } from '../../db/migrations/20261126T160000-payment-notes';
import { withTenant } from '../../db/tenant';
import { addOldTenant, codesOfRole, forgetMenus, menuIdsOf, menuPlaces } from '../../testing/menus';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { ensureCustomerRole } from '../customer/customer.repository';
import { ensureResourceMenus } from '../../db/resource-menus';
import { FINANCE_MENU_CODES, FINANCE_ROLE } from './finance-role';

// Migration 20261126T160000 on a database made before the payment pages (its menu part; the tables part runs in
// every harness, whose other tests use them): the pages and buttons are added, 我的缴费通知单 goes to the customer
// roles, every tenant gets a 财务 role with 缴费管理 and its buttons, start-up finds the menus made, and a second run
// changes nothing.

const CODES = [
  'my_payment_note',
  'payment_note',
  'payment_note_issue',
  'payment_voucher_confirm',
  'payment_note_cancel',
];
const X = '340001';
let h: Harness;

harnessPerFile(async (made) => {
  h = made;
  await addOldTenant(h.blade.db, X);
});

const roleOf = (tenant: string, alias: string) =>
  withTenant(h.blade.db, tenant, async (trx) =>
    trx
      .selectFrom('blade_role')
      .select(['id', 'role_name'])
      .where('tenant_id', '=', tenant)
      .where('role_alias', '=', alias)
      .where('is_deleted', '=', 0)
      .execute(),
  );

const heldBy = (tenant: string, roleId: string) => codesOfRole(h.blade.db, tenant, roleId);

it('adds the pages, grants them and makes the 财务 role, once', async () => {
  const db = h.blade.db;
  expect(await forgetMenus(db, CODES, [PLATFORM, X])).toBe(CODES.length);
  const customerRole = await withTenant(db, X, (trx) => ensureCustomerRole(trx, X));
  expect(await heldBy(X, customerRole)).not.toContain('my_payment_note');

  await db.transaction().execute((trx) => addMenus(trx));
  const places = await menuPlaces(db, CODES);
  expect(Object.fromEntries(Object.entries(places).map(([code, p]) => [code, p.parent]))).toEqual({
    my_payment_note: 'application_center',
    payment_note: 'business_management',
    payment_note_issue: 'payment_note',
    payment_voucher_confirm: 'payment_note',
    payment_note_cancel: 'payment_note',
  });
  expect(places.payment_note.path).toBe('/businessManagement/paymentNote');
  expect(await ensureResourceMenus(db)).toEqual([]);
  expect(await heldBy(X, customerRole)).toContain('my_payment_note');
  const [finance] = await roleOf(X, FINANCE_ROLE.alias);
  expect(finance.role_name).toBe('财务');
  expect(await heldBy(X, String(finance.id))).toEqual([...FINANCE_MENU_CODES].sort());

  await db.transaction().execute((trx) => addMenus(trx));
  expect(await menuIdsOf(db, CODES)).toHaveLength(CODES.length);
  expect(await roleOf(X, FINANCE_ROLE.alias)).toHaveLength(1);
  expect(await heldBy(X, String(finance.id))).toEqual([...FINANCE_MENU_CODES].sort());
});
