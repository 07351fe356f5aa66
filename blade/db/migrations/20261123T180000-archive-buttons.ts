/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// SECURITY 28: file and catalogue calls now check the caller's right to the record (core/record-access.ts); a function
// no business module owns yet falls back to the archive screens' codes — the pages 档案目录 / 档案查询 to read, and
// these buttons of 档案目录 to upload, edit (catalogue nodes, problem and missing marks, stamping) and delete. Until
// now holding either page was enough for all of it, so every role and tenant package holding one gets the three
// buttons: nobody loses what they could do. A fresh database has no menus when migrations run: the seed
// (db/seed-data.ts) brings the buttons there, for the administrator only (its `user` role reads archives; changing
// them is granted like every other button).

const PAGE = 'archive_tree';
const SOURCES = ['archive_tree', 'archive_query'];
const BUTTONS = [
  { code: 'archive_upload', name: '上传', alias: 'upload', action: 1, sort: 1 },
  { code: 'archive_edit', name: '修改', alias: 'edit', action: 3, sort: 2 },
  { code: 'archive_delete', name: '删除', alias: 'delete', action: 2, sort: 3 },
];

// Ids in the application's snowflake layout (core/ids.ts), kept local: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

async function menuIds(db: Kysely<any>, codes: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', codes)
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(rows.map((r: any) => [r.code as string, String(r.id)]));
}

/** Runs `work` with app.tenant_id set to each tenant in turn: blade_role_menu is under forced row-level security. */
async function perTenant(db: Kysely<any>, work: (tenantId: string) => Promise<void>): Promise<void> {
  const tenants = await db.selectFrom('blade_tenant').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants as Array<{ tenant_id: string }>) {
    // Local to the migration's transaction.
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await work(tenantId);
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const page = await db
    .selectFrom('blade_menu')
    .select(['id', 'path'])
    .where('code', '=', PAGE)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!page) return;
  const codes = BUTTONS.map((b) => b.code);
  const existing = await menuIds(db, codes);
  const missing = BUTTONS.filter((b) => !existing.has(b.code));
  if (missing.length > 0)
    await db
      .insertInto('blade_menu')
      .values(
        missing.map((b) => ({
          id: newId(),
          parent_id: String(page.id),
          code: b.code,
          name: b.name,
          alias: b.alias,
          path: `${page.path}/${b.alias}`,
          source: '',
          sort: b.sort,
          category: 2,
          action: b.action,
          remark: '',
        })),
      )
      .execute();

  const buttons = [...(await menuIds(db, codes)).values()];
  const sources = [...(await menuIds(db, SOURCES)).values()];
  if (sources.length === 0) return;
  await perTenant(db, async (tenantId) => {
    const holders = await db
      .selectFrom('blade_role_menu')
      .select('role_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', sources)
      .execute();
    if (holders.length === 0) return;
    await db
      .insertInto('blade_role_menu')
      .values(
        (holders as Array<{ role_id: string }>).flatMap((h) =>
          buttons.map((menuId) => ({
            id: newId(),
            tenant_id: tenantId,
            role_id: String(h.role_id),
            menu_id: menuId,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
  });

  const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).execute();
  for (const pkg of packages as Array<{ id: string; menu_id: string }>) {
    const ids = pkg.menu_id.split(',').filter(Boolean);
    if (!ids.some((id) => sources.includes(id))) continue;
    const next = [...new Set([...ids, ...buttons])];
    if (next.length === ids.length) continue;
    await db
      .updateTable('blade_tenant_package')
      .set({ menu_id: next.join(',') })
      .where('id', '=', pkg.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const ids = [
    ...(
      await menuIds(
        db,
        BUTTONS.map((b) => b.code),
      )
    ).values(),
  ];
  if (ids.length === 0) return;
  await perTenant(db, async (tenantId) => {
    await db
      .deleteFrom('blade_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', ids)
      .execute();
  });
  await db.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}
