import { addMenus } from '../../db/migrations/20261127T100000-invoices';
import { ensureResourceMenus } from '../../db/resource-menus';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { ensureCustomerRole } from '../customer/customer.repository';
import { ensureFinanceRole, FINANCE_MENU_CODES, FINANCE_ROLE } from '../payment/finance-role';
import { ensureWorkRoles } from '../system/tenant/tenant-provision';
import { INVOICE_FINANCE_MENU_CODES } from './finance-grants';

// Migration 20261127T100000 on a database made before the invoice pages (its menu part; the tables part runs in every
// harness): the pages and buttons are added, 我的发票 goes to the customer roles, each tenant's 财务 gets 发票管理 and
// its buttons, start-up finds the menus made, and a second run changes nothing. A tenant provisioned afterwards gets
// the same grants (ensureWorkRoles).

const CODES = ['my_invoice', 'invoice_manage', 'invoice_issue', 'invoice_reject', 'invoice_red_flush'];
const X = '350001';
const Y = '350002';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await addTenant(h.blade.db, { tenantId: X, tenantName: '老机构', adminPassword: 'x-admin-pass' });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

const financeOf = async (tenant: string) => {
  const rows = await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('role_alias', '=', FINANCE_ROLE.alias)
      .where('is_deleted', '=', 0)
      .execute(),
  );
  expect(rows).toHaveLength(1);
  return String(rows[0].id);
};

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

const FINANCE_ALL = [...new Set([...FINANCE_MENU_CODES, ...INVOICE_FINANCE_MENU_CODES])].sort();

it('adds the pages, grants them to the customer role and 财务, once', async () => {
  const db = h.blade.db;
  expect(await withTenant(db, X, (trx) => ensureFinanceRole(trx, X, null))).toBe(true);
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
  expect(await heldBy(X, customerRole)).not.toContain('my_invoice');
  const finance = await financeOf(X);
  expect(await heldBy(X, finance)).not.toContain('invoice_manage');

  await db.transaction().execute((trx) => addMenus(trx));
  const menus = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parent_id')
    .select(['m.code', 'm.path', 'p.code as parent'])
    .where('m.code', 'in', CODES)
    .execute();
  expect(Object.fromEntries(menus.map((m) => [m.code, m.parent]))).toEqual({
    my_invoice: 'application_center',
    invoice_manage: 'business_management',
    invoice_issue: 'invoice_manage',
    invoice_reject: 'invoice_manage',
    invoice_red_flush: 'invoice_manage',
  });
  expect(menus.find((m) => m.code === 'invoice_manage')!.path).toBe('/businessManagement/invoiceManage');
  expect(menus.find((m) => m.code === 'my_invoice')!.path).toBe('/application/myInvoice');
  expect(await ensureResourceMenus(db)).toEqual([]);
  expect(await heldBy(X, customerRole)).toContain('my_invoice');
  expect(await heldBy(X, finance)).toEqual(FINANCE_ALL);

  await db.transaction().execute((trx) => addMenus(trx));
  expect(await db.selectFrom('blade_menu').select('id').where('code', 'in', CODES).execute()).toHaveLength(
    CODES.length,
  );
  expect(await heldBy(X, finance)).toEqual(FINANCE_ALL);
});

it('grants a newly provisioned tenant’s 财务 the invoice pages', async () => {
  await addTenant(h.blade.db, { tenantId: Y, tenantName: '新机构', adminPassword: 'y-admin-pass' });
  await withTenant(h.blade.db, Y, (trx) => ensureWorkRoles(trx, Y, null));
  expect(await heldBy(Y, await financeOf(Y))).toEqual(FINANCE_ALL);
});
