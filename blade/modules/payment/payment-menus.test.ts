import { addMenus } from '../../db/migrations/20261126T160000-payment-notes';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
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

beforeAll(async () => {
  h = await createHarness();
  await addTenant(h.blade.db, { tenantId: X, tenantName: '老机构', adminPassword: 'x-admin-pass' });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

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

const heldBy = (tenant: string, roleId: string) =>
  withTenant(h.blade.db, tenant, async (trx) =>
    (
      await trx
        .selectFrom('blade_role_menu as rm')
        .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
        .select('m.code')
        .where('rm.role_id', '=', roleId)
        .execute()
    )
      .map((r) => r.code)
      .sort(),
  );

it('adds the pages, grants them and makes the 财务 role, once', async () => {
  const db = h.blade.db;
  const old = await db.selectFrom('blade_menu').select('id').where('code', 'in', CODES).execute();
  for (const tenant of [PLATFORM, X])
    await withTenant(db, tenant, (trx) =>
      trx
        .deleteFrom('blade_role_menu')
        .where(
          'menu_id',
          'in',
          old.map((m) => m.id),
        )
        .execute(),
    );
  await db.deleteFrom('blade_menu').where('code', 'in', CODES).execute();
  const customerRole = await withTenant(db, X, (trx) => ensureCustomerRole(trx, X));
  expect(await heldBy(X, customerRole)).not.toContain('my_payment_note');

  await db.transaction().execute((trx) => addMenus(trx));
  const menus = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parent_id')
    .select(['m.code', 'm.path', 'p.code as parent'])
    .where('m.code', 'in', CODES)
    .execute();
  expect(Object.fromEntries(menus.map((m) => [m.code, m.parent]))).toEqual({
    my_payment_note: 'application_center',
    payment_note: 'business_management',
    payment_note_issue: 'payment_note',
    payment_voucher_confirm: 'payment_note',
    payment_note_cancel: 'payment_note',
  });
  expect(menus.find((m) => m.code === 'payment_note')!.path).toBe('/businessManagement/paymentNote');
  expect(await ensureResourceMenus(db)).toEqual([]);
  expect(await heldBy(X, customerRole)).toContain('my_payment_note');
  const [finance] = await roleOf(X, FINANCE_ROLE.alias);
  expect(finance.role_name).toBe('财务');
  expect(await heldBy(X, String(finance.id))).toEqual([...FINANCE_MENU_CODES].sort());

  await db.transaction().execute((trx) => addMenus(trx));
  expect(await db.selectFrom('blade_menu').select('id').where('code', 'in', CODES).execute()).toHaveLength(
    CODES.length,
  );
  expect(await roleOf(X, FINANCE_ROLE.alias)).toHaveLength(1);
  expect(await heldBy(X, String(finance.id))).toEqual([...FINANCE_MENU_CODES].sort());
});
