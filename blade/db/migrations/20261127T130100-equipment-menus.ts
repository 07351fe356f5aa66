/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// The laboratory pages (declared in lib/contracts/equipment/equipment.ts) on a database that has menus already: the
// 实验室管理 group, 仪器设备 and 设备使用预约 with their buttons, written as declared now, and granted as the seed would
// have: to the platform administrator and to the admins of tenants without a package (who hold every menu). Start-up
// (ensureResourceMenus) would add the rows too, but grants them to the platform administrator only; a tenant admin of
// an existing database would never see the pages. A code ever made (even deleted) is left alone: an administrator's
// deletion stays. A fresh database has no menus yet: the seed brings them.

const GROUP = { code: 'laboratory', name: '实验室管理', path: '/laboratory', source: 'science', sort: 40 };
const PAGES = [
  {
    code: 'equipment',
    name: '仪器设备',
    path: '/laboratory/equipment',
    source: 'biotech',
    sort: 1,
    buttons: [
      { code: 'equipment_add', name: '新增', alias: 'add', action: 1 },
      { code: 'equipment_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'equipment_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'equipment_cert', name: '计量证书', alias: 'certificate', action: 2 },
      { code: 'equipment_use', name: '开始使用', alias: 'use', action: 2 },
    ],
  },
  {
    code: 'equipment_usage',
    name: '设备使用预约',
    path: '/laboratory/equipmentUsage',
    source: 'event_available',
    sort: 2,
    buttons: [
      { code: 'equipment_usage_add', name: '新增预约', alias: 'add', action: 1 },
      { code: 'equipment_usage_edit', name: '修改预约', alias: 'edit', action: 2 },
      { code: 'equipment_usage_begin', name: '开始使用', alias: 'begin', action: 2 },
      { code: 'equipment_usage_end', name: '结束使用', alias: 'end', action: 2 },
      { code: 'equipment_usage_exception', name: '异常结束', alias: 'exception', action: 2 },
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
