import { menusAndRoles } from '../../db/migrations/20261126T160100-quality';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { codesOfRole, forgetMenus, menuIdsOf } from '../../testing/menus';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { ensureCustomerRole } from '../customer/customer.repository';

// Migration 20261126T160100 on a database made before issue 16: the complaint and survey pages are added, the
// customer roles get the customer pages, every tenant gets its 质量负责人 role (with the staff pages where it has
// every menu), and a second run changes nothing.

const CUSTOMER = ['my_complaint', 'complaint_apply', 'my_survey'];
const STAFF = [
  'complaint',
  'survey',
  'complaint_acknowledge',
  'complaint_assign',
  'complaint_handle',
  'complaint_close',
];
const T = '340001';
let h: Harness;

harnessPerFile(async (made) => {
  h = made;
  await addTenant(h.blade.db, { tenantId: T, tenantName: '认证机构', adminPassword: 't-admin-pass' });
});

const codesOf = (tenant: string, roleId: string) =>
  codesOfRole(h.blade.db, tenant, roleId, [...CUSTOMER, ...STAFF]);
const qualityRole = (tenant: string) =>
  withTenant(h.blade.db, tenant, (trx) =>
    trx
      .selectFrom('blade_role')
      .select('id')
      .where('role_alias', '=', 'quality_manager')
      .where('tenant_id', '=', tenant)
      .execute(),
  );

it('adds the pages, grants them and makes the quality role once', async () => {
  const db = h.blade.db;
  // As before issue 16: none of these menus, customer roles without them, no quality roles.
  await forgetMenus(db, [...CUSTOMER, ...STAFF], [PLATFORM, T]);
  for (const tenant of [PLATFORM, T])
    await withTenant(db, tenant, (trx) =>
      trx.deleteFrom('blade_role').where('role_alias', '=', 'quality_manager').execute(),
    );
  const customerRole = await withTenant(db, T, (trx) => ensureCustomerRole(trx, T));
  expect(await codesOf(T, customerRole)).toEqual([]);

  await db.transaction().execute((trx) => menusAndRoles(trx));
  const menus = await db
    .selectFrom('blade_menu')
    .select(['code', 'path', 'category'])
    .where('code', 'in', [...CUSTOMER, ...STAFF])
    .execute();
  expect(menus.map((m) => m.code).sort()).toEqual([...CUSTOMER, ...STAFF].sort());
  expect(menus.find((m) => m.code === 'my_complaint')).toMatchObject({
    path: '/application/myComplaint',
    category: 1,
  });
  expect(await codesOf(T, customerRole)).toEqual([...CUSTOMER].sort());
  const [role] = await qualityRole(T);
  expect(await codesOf(T, String(role.id))).toEqual([...STAFF].sort());

  await db.transaction().execute((trx) => menusAndRoles(trx));
  expect(await qualityRole(T)).toHaveLength(1);
  expect(await menuIdsOf(db, [...CUSTOMER, ...STAFF])).toHaveLength(CUSTOMER.length + STAFF.length);
  expect(await codesOf(T, customerRole)).toEqual([...CUSTOMER].sort());
});
