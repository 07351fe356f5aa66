/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// The acceptance pages (declared in lib/contracts/acceptance/acceptance.ts) on a database that has menus already:
// 检测项目 and 检测流转卡 under the 实验室管理 group (made by 20261127T130100 if it was not), with their buttons, granted
// as the seed would have: to the platform administrator and to the admins of tenants without a package. A code ever
// made (even deleted) is left alone. A fresh database has no menus yet: the seed brings them.

const GROUP = { code: 'laboratory', name: '实验室管理', path: '/laboratory', source: 'science', sort: 40 };
const PAGES = [
  {
    code: 'test_item',
    name: '检测项目',
    path: '/laboratory/testItem',
    source: 'fact_check',
    sort: 3,
    buttons: [
      { code: 'test_item_add', name: '新增', alias: 'add', action: 1 },
      { code: 'test_item_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'test_item_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'test_item_export', name: '导出', alias: 'export', action: 1 },
    ],
  },
  {
    code: 'test_flow_card',
    name: '检测流转卡',
    path: '/laboratory/testFlowCard',
    source: 'assignment',
    sort: 4,
    buttons: [
      { code: 'test_flow_card_add', name: '新增', alias: 'add', action: 1 },
      { code: 'test_flow_card_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'test_flow_card_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'test_flow_card_item', name: '检测项目', alias: 'item', action: 2 },
      { code: 'test_flow_card_report', name: '检测报告', alias: 'report', action: 2 },
    ],
  },
];

// Ids in the application's snowflake layout (core/ids.ts), kept local: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

async function menuRow(db: Kysely<any>, code: string) {
  return db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();
}

/** A menu row unless its code was ever made; answers its live id or nothing. */
async function addMenu(db: Kysely<any>, row: Record<string, unknown>, made: string[]) {
  const found = await menuRow(db, row.code as string);
  if (found) return found.is_deleted === 0 ? String(found.id) : undefined;
  const id = newId();
  await db
    .insertInto('blade_menu')
    .values({ id, remark: '', ...row })
    .execute();
  made.push(id);
  return id;
}

async function grantMenus(db: Kysely<any>, tenantId: string, roleIds: string[], menuIds: string[]) {
  const rows = roleIds.flatMap((roleId) =>
    menuIds.map((menuId) => ({ id: newId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
  );
  if (rows.length)
    await db
      .insertInto('blade_role_menu')
      .values(rows)
      .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const anyMenu = await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst();
  if (!anyMenu) return;
  const made: string[] = [];
  const group = await addMenu(db, { ...GROUP, parent_id: '0', alias: 'menu', category: 1, action: 0 }, made);
  if (group)
    for (const { buttons, ...page } of PAGES) {
      const pageId = await addMenu(
        db,
        { ...page, parent_id: group, alias: 'menu', category: 1, action: 0 },
        made,
      );
      if (!pageId) continue;
      for (const [i, b] of buttons.entries())
        await addMenu(
          db,
          {
            code: b.code,
            name: b.name,
            alias: b.alias,
            path: `${page.path}/${b.alias}`,
            source: '',
            parent_id: pageId,
            sort: i + 1,
            category: 2,
            action: b.action,
          },
          made,
        );
    }
  if (made.length === 0) return;
  const tenants = (await db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'package_id'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ tenant_id: string; package_id: string | null }>;
  for (const tenant of tenants) {
    const platform = tenant.tenant_id === '000000';
    if (!platform && tenant.package_id) continue;
    await sql`select set_config('app.tenant_id', ${tenant.tenant_id}, true)`.execute(db);
    const roles = (await db
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenant.tenant_id)
      .where('role_alias', '=', platform ? 'administrator' : 'admin')
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ id: string }>;
    await grantMenus(
      db,
      tenant.tenant_id,
      roles.map((r) => String(r.id)),
      made,
    );
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
