/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { liveMenus, migrationId } from './lib/menus-v1';
import { forEachTenant } from './lib/v1';

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

/** The live id of each code (the last row read, where a code has several). */
async function menuIds(db: Kysely<any>, codes: string[]): Promise<Map<string, string>> {
  return new Map((await liveMenus(db, codes)).map((m) => [m.code, m.id]));
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
          id: migrationId(),
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
  await forEachTenant(db, async (tenantId) => {
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
            id: migrationId(),
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
  await forEachTenant(db, async (tenantId) => {
    await db
      .deleteFrom('blade_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', ids)
      .execute();
  });
  await db.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}
