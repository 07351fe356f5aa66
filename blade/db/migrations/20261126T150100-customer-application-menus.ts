/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

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

// Ids in the application's snowflake layout (core/ids.ts), kept local: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

async function everMade(db: Kysely<any>, code: string) {
  return db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();
}

async function addMenu(db: Kysely<any>, row: Record<string, unknown>): Promise<string> {
  const id = newId();
  await db
    .insertInto('blade_menu')
    .values({ id, remark: '', ...row })
    .execute();
  return id;
}

/** Runs `work` with app.tenant_id set to each tenant in turn: blade_role and blade_role_menu are under forced RLS. */
async function perTenant(db: Kysely<any>, work: (tenantId: string) => Promise<void>): Promise<void> {
  const tenants = await db.selectFrom('blade_tenant').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants as Array<{ tenant_id: string }>) {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await work(tenantId);
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const anyMenu = await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst();
  if (!anyMenu) return;

  const made: string[] = [];
  let group = await everMade(db, GROUP.code);
  if (!group) {
    const id = await addMenu(db, { parent_id: '0', ...GROUP, alias: 'menu', category: 1, action: 0 });
    group = { id, is_deleted: 0 };
    made.push(id);
  }
  for (const page of PAGES) {
    let pageRow = await everMade(db, page.code);
    if (!pageRow && group.is_deleted === 0) {
      const { buttons: _buttons, ...fields } = page;
      const id = await addMenu(db, {
        parent_id: String(group.id),
        ...fields,
        alias: 'menu',
        category: 1,
        action: 0,
      });
      pageRow = { id, is_deleted: 0 };
      made.push(id);
    }
    if (!pageRow || pageRow.is_deleted !== 0) continue;
    for (const [i, button] of page.buttons.entries()) {
      if (await everMade(db, button.code)) continue;
      made.push(
        await addMenu(db, {
          parent_id: String(pageRow.id),
          code: button.code,
          name: button.name,
          alias: button.alias,
          path: `${page.path}/${button.alias}`,
          source: '',
          sort: i + 1,
          category: 2,
          action: button.action,
        }),
      );
    }
  }

  const live = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', CODES)
    .where('is_deleted', '=', 0)
    .execute();
  const menuIds = (live as Array<{ id: string }>).map((m) => String(m.id));
  if (menuIds.length === 0) return;
  await perTenant(db, async (tenantId) => {
    const roles = await db
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where((eb: any) =>
        tenantId === '000000'
          ? eb.or([eb('role_alias', '=', 'customer'), eb('role_alias', '=', 'administrator')])
          : eb('role_alias', '=', 'customer'),
      )
      .execute();
    for (const role of roles as Array<{ id: string; role_alias: string }>) {
      // The platform administrator gets the rows this migration made; customer roles get every application page.
      const administrator = role.role_alias === 'administrator';
      const ids = administrator ? menuIds.filter((id) => made.includes(id)) : menuIds;
      if (ids.length === 0) continue;
      await db
        .insertInto('blade_role_menu')
        .values(
          ids.map((menuId) => ({
            id: newId(),
            tenant_id: tenantId,
            role_id: String(role.id),
            menu_id: menuId,
          })),
        )
        .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
        .execute();
    }
  });
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as the start-up's additions).
}
