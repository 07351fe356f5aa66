import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { ensureResourceMenus } from '../../db/resource-menus';
import { up } from '../../db/migrations/20261126T150200-application-staff-roles';
import { withTenant } from '../../db/tenant';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { addOldTenant, forgetMenus } from '../../testing/menus';
import { STAFF_PAGE_CODES, STAFF_ROLES } from './staff-roles';

// The staff roles of tenants that existed before issue 15: the migration on a database whose menus predate the
// business-management pages (start-up adds a definition's pages only after the migrations).

let h: Harness;
const X = '330001';
const STEP_CODES = Object.values(APPLICATION_CODES).filter((c) => c !== APPLICATION_CODES.apply);
const OURS = [...STAFF_PAGE_CODES, ...STEP_CODES];

harnessPerFile(async (made) => {
  h = made;
  await addOldTenant(h.blade.db, X);
  // The database as it was before: no 业务管理 menus, no grants of them.
  await forgetMenus(h.blade.db, OURS, [PLATFORM, X]);
});

async function grantsOf(tenant: string) {
  return withTenant(h.blade.db, tenant, (trx) =>
    trx
      .selectFrom('blade_role as r')
      .leftJoin('blade_role_menu as rm', 'rm.role_id', 'r.id')
      .leftJoin('blade_menu as m', 'm.id', 'rm.menu_id')
      .select(['r.role_alias', 'r.role_name', 'm.code'])
      .where('r.tenant_id', '=', tenant)
      .where('r.is_deleted', '=', 0)
      .execute(),
  );
}

it('gives existing tenants the staff roles with their pages, once, and start-up finds the menus made', async () => {
  await h.blade.db.transaction().execute((trx) => up(trx));
  const codes = await h.blade.db.selectFrom('blade_menu').select('code').where('code', 'in', OURS).execute();
  expect(codes.map((c) => c.code).sort()).toEqual([...OURS].sort());
  expect(await ensureResourceMenus(h.blade.db)).toEqual([]);

  const rows = await grantsOf(X);
  for (const staff of STAFF_ROLES) {
    const alias = APPLICATION_CODES[staff.role];
    const held = rows.filter((r) => r.role_alias === alias);
    expect(held[0]?.role_name).toBe(staff.name);
    expect(held.map((r) => r.code).sort()).toEqual([...STAFF_PAGE_CODES, alias].sort());
  }
  // The tenant has no package (every menu): its administrator gets the pages and buttons too.
  const admin = rows.filter((r) => r.role_alias === 'admin').map((r) => r.code);
  expect(admin).toEqual(expect.arrayContaining(OURS));
  const platform = (await grantsOf(PLATFORM))
    .filter((r) => r.role_alias === 'administrator')
    .map((r) => r.code);
  expect(platform).toEqual(expect.arrayContaining(OURS));

  // Run again (a repeated start): nothing doubles.
  await h.blade.db.transaction().execute((trx) => up(trx));
  const again = await grantsOf(X);
  expect(again.length).toBe(rows.length);
  const menus = await h.blade.db
    .selectFrom('blade_menu')
    .select(sql<string>`count(*)`.as('n'))
    .where('code', 'in', OURS)
    .executeTakeFirstOrThrow();
  expect(Number(menus.n)).toBe(OURS.length);
});

it('lets a user given a staff role see the pages and take the step', async () => {
  const { addUser, deptIds, roleIdByAlias } = await import('../../testing/fixtures');
  await addUser(h.blade.db, X, {
    account: 'clerk',
    password: 'clerk-pass',
    roleIds: [await roleIdByAlias(h.blade.db, X, APPLICATION_CODES.accept)],
    deptIds: (await deptIds(h.blade.db, X)).slice(0, 1),
  });
  const token = (await h.login('clerk', 'clerk-pass', X)).access_token;
  const page = await h.call(
    '/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage',
    token,
  );
  expect(page).toMatchObject({ code: 200, data: { total: 0, records: [] } });
  const buttons = await h.call('/blade-system/menu/buttons', token);
  expect(JSON.stringify(buttons.data)).toContain(APPLICATION_CODES.accept);
});
