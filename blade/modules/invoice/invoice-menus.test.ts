import { addMenus } from '../../db/migrations/20261127T100000-invoices';
import { ensureResourceMenus } from '../../db/resource-menus';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { addOldTenant, codesOfRole, forgetMenus, menuIdsOf, menuPlaces } from '../../testing/menus';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
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

harnessPerFile(async (made) => {
  h = made;
  await addOldTenant(h.blade.db, X);
});

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

const heldBy = (tenant: string, roleId: string) => codesOfRole(h.blade.db, tenant, roleId);

const FINANCE_ALL = [...new Set([...FINANCE_MENU_CODES, ...INVOICE_FINANCE_MENU_CODES])].sort();

it('adds the pages, grants them to the customer role and 财务, once', async () => {
  const db = h.blade.db;
  expect(await withTenant(db, X, (trx) => ensureFinanceRole(trx, X, null))).toBe(true);
  expect(await forgetMenus(db, CODES, [PLATFORM, X])).toBe(CODES.length);
  const customerRole = await withTenant(db, X, (trx) => ensureCustomerRole(trx, X));
  expect(await heldBy(X, customerRole)).not.toContain('my_invoice');
  const finance = await financeOf(X);
  expect(await heldBy(X, finance)).not.toContain('invoice_manage');

  await db.transaction().execute((trx) => addMenus(trx));
  const places = await menuPlaces(db, CODES);
  expect(Object.fromEntries(Object.entries(places).map(([code, p]) => [code, p.parent]))).toEqual({
    my_invoice: 'application_center',
    invoice_manage: 'business_management',
    invoice_issue: 'invoice_manage',
    invoice_reject: 'invoice_manage',
    invoice_red_flush: 'invoice_manage',
  });
  expect(places.invoice_manage.path).toBe('/businessManagement/invoiceManage');
  expect(places.my_invoice.path).toBe('/application/myInvoice');
  expect(await ensureResourceMenus(db)).toEqual([]);
  expect(await heldBy(X, customerRole)).toContain('my_invoice');
  expect(await heldBy(X, finance)).toEqual(FINANCE_ALL);

  await db.transaction().execute((trx) => addMenus(trx));
  expect(await menuIdsOf(db, CODES)).toHaveLength(CODES.length);
  expect(await heldBy(X, finance)).toEqual(FINANCE_ALL);
});

it('grants a newly provisioned tenant’s 财务 the invoice pages', async () => {
  await addTenant(h.blade.db, { tenantId: Y, tenantName: '新机构', adminPassword: 'y-admin-pass' });
  await withTenant(h.blade.db, Y, (trx) => ensureWorkRoles(trx, Y, null));
  expect(await heldBy(Y, await financeOf(Y))).toEqual(FINANCE_ALL);
});
