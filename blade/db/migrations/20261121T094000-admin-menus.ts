/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { addGrants, liveMenus, migrationId } from './lib/menus-v1';
import { forEachTenant } from './lib/v1';

// Menus of system administration, for databases seeded before these changes (a fresh database has no menus yet when
// migrations run: the seed, db/seed-data.ts, brings the same state there).
// 1. The external user and department laboratory external user pages with their buttons. Until now the calls were
//    guarded by the user page's codes, so every role and tenant package holding one of those gets the matching new
//    codes: nobody loses what they could do.
// 2. The code generation group (/tool: models, code, datasources) is the platform administrator's: blade-develop
//    refuses everyone else, so every other role's grants on it go.

interface NewMenu {
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  alias: string;
  action: number;
  /** Codes whose holders (roles, packages) also get this menu. */
  from: string[];
}

function page(
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  from: string[],
): NewMenu {
  return { code, name, path, source, sort, category: 1, alias: 'menu', action: 0, from };
}

function button(
  page: string,
  code: string,
  name: string,
  alias: string,
  action: number,
  sort: number,
  from: string[],
) {
  return {
    code,
    name,
    path: `${page}/${alias}`,
    source: '',
    sort,
    category: 2 as const,
    alias,
    action,
    from,
  };
}

const EXTERNAL = '/system/externalUser';
const DEPT_LAB = '/system/deptLaboratoryExternalUser';
const TREE: Array<{ page: NewMenu; buttons: NewMenu[] }> = [
  {
    page: page('external_user', '外部用户', EXTERNAL, 'support_agent', 13, ['user']),
    buttons: [
      button(EXTERNAL, 'external_user_add', '新增', 'add', 1, 1, ['user_add']),
      button(EXTERNAL, 'external_user_edit', '修改', 'edit', 2, 2, ['user_edit']),
      button(EXTERNAL, 'external_user_delete', '删除', 'delete', 3, 3, ['user_delete']),
      button(EXTERNAL, 'external_user_view', '查看', 'view', 2, 4, ['user_view']),
    ],
  },
  {
    page: page('dept_lab_user', '实验室外部用户', DEPT_LAB, 'science', 14, ['user']),
    buttons: [
      button(DEPT_LAB, 'dept_lab_user_add', '新增', 'add', 1, 1, ['user_edit']),
      button(DEPT_LAB, 'dept_lab_user_edit', '修改', 'edit', 2, 2, ['user_edit']),
      button(DEPT_LAB, 'dept_lab_user_delete', '删除', 'delete', 3, 3, ['user_edit']),
    ],
  },
];

/** The live id of each code (the last row read, where a code has several). */
async function menuIds(db: Kysely<any>, codes: string[]): Promise<Map<string, string>> {
  return new Map((await liveMenus(db, codes)).map((m) => [m.code, m.id]));
}

export async function up(db: Kysely<any>): Promise<void> {
  await externalUserPages(db);
  await platformOnlyTools(db);
}

async function platformOnlyTools(db: Kysely<any>): Promise<void> {
  const menus = (await db
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ id: string; parent_id: string; code: string }>;
  const tool = menus.find((m) => m.code === 'tool' && String(m.parent_id) === '0');
  if (!tool) return;
  const ids = new Set([String(tool.id)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const m of menus)
      if (ids.has(String(m.parent_id)) && !ids.has(String(m.id))) {
        ids.add(String(m.id));
        grew = true;
      }
  }
  await forEachTenant(db, async (tenantId) => {
    let remove = db
      .deleteFrom('blade_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', [...ids]);
    if (tenantId === '000000') {
      const administrators = db
        .selectFrom('blade_role')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('role_alias', '=', 'administrator');
      remove = remove.where('role_id', 'not in', administrators);
    }
    await remove.execute();
  });
}

async function externalUserPages(db: Kysely<any>): Promise<void> {
  const system = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'system')
    .where('category', '=', 1)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!system) return;

  const all = TREE.flatMap((t) => [t.page, ...t.buttons]);
  const existing = await menuIds(
    db,
    all.map((m) => m.code),
  );
  for (const { page: p, buttons } of TREE) {
    if (existing.has(p.code)) continue;
    const pageId = migrationId();
    const row = (m: NewMenu, id: string, parentId: string) => ({
      id,
      parent_id: parentId,
      code: m.code,
      name: m.name,
      alias: m.alias,
      path: m.path,
      source: m.source,
      sort: m.sort,
      category: m.category,
      action: m.action,
      remark: '',
    });
    await db
      .insertInto('blade_menu')
      .values([row(p, pageId, String(system.id)), ...buttons.map((b) => row(b, migrationId(), pageId))])
      .execute();
  }

  const added = await menuIds(
    db,
    all.map((m) => m.code),
  );
  const sources = await menuIds(db, [...new Set(all.flatMap((m) => m.from))]);
  const targetsOf = (sourceId: string) =>
    all
      .filter((m) => m.from.some((code) => sources.get(code) === sourceId))
      .map((m) => added.get(m.code)!)
      .filter(Boolean);

  await forEachTenant(db, async (tenantId) => {
    const held = await db
      .selectFrom('blade_role_menu')
      .select(['role_id', 'menu_id'])
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', [...sources.values()])
      .execute();
    const grants = new Map<string, { roleId: string; menuId: string }>();
    for (const h of held as Array<{ role_id: string; menu_id: string }>) {
      for (const menuId of targetsOf(String(h.menu_id)))
        grants.set(`${h.role_id}:${menuId}`, { roleId: String(h.role_id), menuId });
    }
    await addGrants(db, tenantId, [...grants.values()]);
  });

  const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).execute();
  for (const pkg of packages as Array<{ id: string; menu_id: string }>) {
    const ids = pkg.menu_id.split(',').filter(Boolean);
    const next = [...new Set([...ids, ...ids.flatMap(targetsOf)])];
    if (next.length === ids.length) continue;
    await db
      .updateTable('blade_tenant_package')
      .set({ menu_id: next.join(',') })
      .where('id', '=', pkg.id)
      .execute();
  }
}

/** Removes the external user pages; the tool grants taken from other roles are not given back. */
export async function down(db: Kysely<any>): Promise<void> {
  const codes = TREE.flatMap((t) => [t.page, ...t.buttons]).map((m) => m.code);
  const ids = [...(await menuIds(db, codes)).values()];
  if (ids.length === 0) return;
  await db.deleteFrom('blade_role_menu').where('menu_id', 'in', ids).execute();
  await db.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}
