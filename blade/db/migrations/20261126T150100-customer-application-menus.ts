/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { addGrants, addMenu, hasMenus, liveMenuId, liveMenus } from './lib/menus-v1';
import { forEachTenant } from './lib/v1';

// Issue 15: the customer's 认证申请 pages (我的申请 with its 申请 button, 我的证书) join the customer role's menus.
// Customer roles are made by a tenant's first registration with the menus of that time, so the roles made before
// these pages get them here. The start-up adds a definition's page only after the migrations (db/resource-menus.ts),
// so on an existing database this migration adds the rows the start-up would add (and gives them to the platform
// administrator, as the start-up does); a code that exists, even deleted, is left as it is. A fresh database has no
// menus yet: the seed brings them there and the first registration grants them.

const GROUP = {
  code: 'application_center',
  name: '认证申请',
  path: '/application',
  source: 'assignment',
  sort: 15,
};
const PAGES = [
  {
    code: 'my_application',
    name: '我的申请',
    path: '/application/myApplication',
    source: 'assignment',
    sort: 1,
    buttons: [{ code: 'application_apply', name: '申请', alias: 'apply', action: 1 }],
  },
  {
    code: 'my_certificate',
    name: '我的证书',
    path: '/application/myCertificate',
    source: 'verified',
    sort: 2,
    buttons: [],
  },
];
const CODES = [GROUP.code, ...PAGES.flatMap((p) => [p.code, ...p.buttons.map((b) => b.code)])];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await hasMenus(db))) return;
  const made: string[] = [];
  const group = await addMenu(db, { parent_id: '0', ...GROUP, alias: 'menu', category: 1, action: 0 }, made);
  for (const { buttons, ...page } of PAGES) {
    // Not addMenuTree: a page found live gets its missing buttons even under a deleted group, as first written.
    const pageId = group
      ? await addMenu(db, { parent_id: group, ...page, alias: 'menu', category: 1, action: 0 }, made)
      : await liveMenuId(db, page.code);
    if (!pageId) continue;
    for (const [i, button] of buttons.entries())
      await addMenu(
        db,
        {
          parent_id: pageId,
          code: button.code,
          name: button.name,
          alias: button.alias,
          path: `${page.path}/${button.alias}`,
          source: '',
          sort: i + 1,
          category: 2,
          action: button.action,
        },
        made,
      );
  }

  const menuIds = (await liveMenus(db, CODES)).map((m) => m.id);
  if (menuIds.length === 0) return;
  // Every tenant, deleted ones too: customer roles get every application page, the platform administrator the rows
  // this migration made.
  await forEachTenant(db, async (tenantId) => {
    const roles = (await db
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('role_alias', 'in', tenantId === '000000' ? ['customer', 'administrator'] : ['customer'])
      .execute()) as Array<{ id: string; role_alias: string }>;
    await addGrants(
      db,
      tenantId,
      roles.flatMap((role) =>
        (role.role_alias === 'administrator' ? made : menuIds).map((menuId) => ({
          roleId: String(role.id),
          menuId,
        })),
      ),
    );
  });
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as the start-up's additions).
}
