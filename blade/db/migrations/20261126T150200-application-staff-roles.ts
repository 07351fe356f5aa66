/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenu, addTenantRoles, grantMenus, hasMenus, menuRow } from './lib/menus-v1';
import { forEachTenant } from './lib/v1';

// Issue 15: the certification body's staff roles, one per step code of an application (受理员 application_accept …
// 项目工程师 application_terminate), each with the business-management pages (业务管理) and its step's button. New
// tenants get them on provisioning (modules/application/staff-roles.ts); this gives them to the tenants that exist.
// A fresh database has no menus when migrations run (the seed brings them) and no tenants: nothing to do. A database
// made before has no 业务管理 pages yet either (start-up adds a definition's page after the migrations), so the group,
// its pages and the step buttons are written here as they were declared then (lib/contracts/application/staff.ts),
// granted to the platform administrator like start-up would; start-up then finds them and leaves them alone.
// Tenants without a package (every menu) also get the pages on their `admin` roles; a packaged tenant gets the roles
// empty and fills them once its package includes 业务管理.

const GROUP = {
  code: 'business_management',
  name: '业务管理',
  path: '/businessManagement',
  source: 'work',
  sort: 30,
};
const PAGES = [
  { code: 'ccc_business', name: 'CCC受理', path: 'ccc', source: 'assignment' },
  { code: 'accepted_business', name: 'CCC在办', path: 'accepted', source: 'assignment_turned_in' },
  { code: 'retreat_business', name: 'CCC退回', path: 'retreat', source: 'assignment_return' },
  { code: 'cqst_business', name: 'CQST业务', path: 'cqst', source: 'verified' },
  { code: 'cnex_business', name: 'CNEx业务', path: 'cnex', source: 'engineering' },
  { code: 'draft_business', name: '草稿查看', path: 'draft', source: 'edit_note' },
  { code: 'certificate', name: '证书管理', path: 'certificate', source: 'workspace_premium' },
];
const STEPS = [
  { code: 'application_accept', button: '受理', alias: 'accept', role: '受理员' },
  { code: 'application_sample', button: '收样', alias: 'sample', role: '样品管理员' },
  { code: 'application_test', button: '检测', alias: 'test', role: '检测工程师' },
  { code: 'application_inspect', button: '工厂检查', alias: 'inspect', role: '工厂检查员' },
  { code: 'application_evaluate', button: '评定', alias: 'evaluate', role: '评定人员' },
  { code: 'application_decide', button: '认证决定', alias: 'decide', role: '认证决定人' },
  { code: 'application_terminate', button: '终止', alias: 'terminate', role: '项目工程师' },
];

/**
 * addMenu as this migration first wrote it: a code found, even deleted, answers its row, which the pages are placed
 * under and the new roles are granted (menus-v1's addMenu answers nothing for a deleted row).
 */
async function placeMenu(db: Kysely<any>, row: Record<string, unknown>, created: string[]): Promise<string> {
  const found = await menuRow(db, row.code as string);
  return found ? String(found.id) : (await addMenu(db, row, created))!;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await hasMenus(db))) return;
  const created: string[] = [];
  const group = await placeMenu(
    db,
    { ...GROUP, parent_id: '0', alias: 'menu', category: 1, action: 0 },
    created,
  );
  const pages = new Map<string, string>();
  for (const [i, page] of PAGES.entries()) {
    const path = `${GROUP.path}/${page.path}`;
    pages.set(
      page.code,
      await placeMenu(
        db,
        { ...page, path, parent_id: group, alias: 'menu', sort: i + 1, category: 1, action: 0 },
        created,
      ),
    );
  }
  const steps = new Map<string, string>();
  for (const [i, step] of STEPS.entries())
    steps.set(
      step.code,
      await placeMenu(
        db,
        {
          code: step.code,
          name: step.button,
          alias: step.alias,
          path: `${GROUP.path}/ccc/${step.alias}`,
          source: '',
          parent_id: pages.get('ccc_business'),
          sort: i + 1,
          category: 2,
          action: 2,
        },
        created,
      ),
    );
  const pageIds = [group, ...pages.values()];
  // The platform administrator gets new menus as start-up would give them; unpackaged tenants' admins too.
  await grantMenus(db, created, ADMINISTRATORS);
  await addTenantRoles(
    db,
    STEPS.map((step, i) => ({
      alias: step.code,
      name: step.role,
      sort: 51 + i,
      menus: [...pageIds, steps.get(step.code)!],
    })),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await forEachTenant(db, async (tenantId) => {
    const roles = await db
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(
        'role_alias',
        'in',
        STEPS.map((s) => s.code),
      )
      .execute();
    if (roles.length === 0) return;
    const ids = roles.map((r: any) => String(r.id));
    await db.deleteFrom('blade_role_menu').where('role_id', 'in', ids).execute();
    await db.deleteFrom('blade_role').where('id', 'in', ids).execute();
  });
}
