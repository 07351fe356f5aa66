/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Frozen helpers for the migrations that bring a module's menus to a database that has menus already (a fresh one
 * gets them from the seed). A migration runs as it was written forever, so these never change: a different shape
 * becomes `menus-v2.ts` beside this file.
 *
 * The rules every such migration keeps: nothing happens on a database without menus; a code that was ever made (even
 * deleted) is left alone, so an administrator's deletion stays; what is made is granted as the seed would have.
 *
 * The helpers from addGrants and hasMenus on were added later and are frozen the same way. They come from migrations that had
 * carried their own copies, and each does exactly what those copies did, so taking them changed nothing those
 * migrations do.
 */

// Ids in the application's snowflake layout (core/ids.ts), kept here: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
export function migrationId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

export interface MenuButtonSpec {
  code: string;
  name: string;
  alias: string;
  /** blade_menu.action: 1 toolbar, 2 row, 3 both. */
  action: number;
}

export interface MenuPageSpec {
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  buttons?: MenuButtonSpec[];
}

export interface MenuTreeSpec {
  /** A group made (or found) at the top level for the pages… */
  group?: Omit<MenuPageSpec, 'buttons'>;
  /** …or the code of an existing menu the pages go under. */
  parentCode?: string;
  pages: MenuPageSpec[];
}

export interface MenuTreeResult {
  /** The rows this migration made: what is granted as the seed would have. */
  made: string[];
  /** The live pages of the tree, made now or found: for grants that follow the page whoever made it. */
  pages: string[];
}

/** The first row ever made with `code`, live or deleted. */
export const menuRow = (db: Kysely<any>, code: string) =>
  db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();

/** A menu row unless its code was ever made; answers its live id or nothing. */
export async function addMenu(db: Kysely<any>, row: Record<string, unknown>, made: string[]) {
  const found = await menuRow(db, row.code as string);
  if (found) return found.is_deleted === 0 ? String(found.id) : undefined;
  const id = migrationId();
  await db
    .insertInto('blade_menu')
    .values({ id, remark: '', ...row })
    .execute();
  made.push(id);
  return id;
}

/** The group (or the existing parent), its pages and their buttons, on a database that has menus. */
export async function addMenuTree(db: Kysely<any>, tree: MenuTreeSpec): Promise<MenuTreeResult> {
  const result: MenuTreeResult = { made: [], pages: [] };
  const anyMenu = await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst();
  if (!anyMenu) return result;
  let parentId: string | undefined;
  if (tree.group)
    parentId = await addMenu(
      db,
      { ...tree.group, parent_id: '0', alias: 'menu', category: 1, action: 0 },
      result.made,
    );
  else if (tree.parentCode) {
    const parent = await menuRow(db, tree.parentCode);
    parentId = parent && parent.is_deleted === 0 ? String(parent.id) : undefined;
  }
  if (!parentId) return result;
  for (const { buttons = [], ...page } of tree.pages) {
    const pageId = await addMenu(
      db,
      { ...page, parent_id: parentId, alias: 'menu', category: 1, action: 0 },
      result.made,
    );
    if (!pageId) continue;
    result.pages.push(pageId);
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
        result.made,
      );
  }
  return result;
}

/** The live tenants, each with its package (null: it holds every menu). */
async function liveTenants(db: Kysely<any>) {
  return (await db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'package_id'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ tenant_id: string; package_id: string | null }>;
}

/**
 * Grants menus to each live tenant's roles of the aliases `aliasesOf(tenant)` names (none: the tenant is skipped),
 * under the tenant's RLS context, idempotently.
 */
export async function grantMenus(
  db: Kysely<any>,
  menuIds: string[],
  aliasesOf: (tenant: { tenantId: string; packageId: string | null }) => string[],
): Promise<void> {
  if (menuIds.length === 0) return;
  const tenants = await liveTenants(db);
  for (const tenant of tenants) {
    const aliases = aliasesOf({ tenantId: tenant.tenant_id, packageId: tenant.package_id });
    if (aliases.length === 0) continue;
    await sql`select set_config('app.tenant_id', ${tenant.tenant_id}, true)`.execute(db);
    const roles = (await db
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenant.tenant_id)
      .where('role_alias', 'in', aliases)
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ id: string }>;
    await addGrants(
      db,
      tenant.tenant_id,
      roles.flatMap((r) => menuIds.map((menuId) => ({ roleId: String(r.id), menuId }))),
    );
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

/**
 * The grants (role, menu) in one tenant, under its RLS context, which the caller has set; a pair the role holds stays
 * as it is. Nothing is written for none.
 */
export async function addGrants(
  db: Kysely<any>,
  tenantId: string,
  grants: Array<{ roleId: string; menuId: string }>,
): Promise<void> {
  if (grants.length === 0) return;
  await db
    .insertInto('blade_role_menu')
    .values(
      grants.map(({ roleId, menuId }) => ({
        id: migrationId(),
        tenant_id: tenantId,
        role_id: roleId,
        menu_id: menuId,
      })),
    )
    .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
}

/**
 * As the seed grants a staff page: to the platform administrator and to the admins of tenants without a package (who
 * hold every menu). Tenants with a package get new pages through it.
 */
export const ADMINISTRATORS = ({ tenantId, packageId }: { tenantId: string; packageId: string | null }) =>
  tenantId === '000000' ? ['administrator'] : packageId ? [] : ['admin'];

/** Whether the database has menus: a fresh one has none while migrations run (the seed brings them after). */
export async function hasMenus(db: Kysely<any>): Promise<boolean> {
  return (await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** What addMenu answers for a code it finds: the live id of the first row made with it, or nothing. */
export async function liveMenuId(db: Kysely<any>, code: string): Promise<string | undefined> {
  const found = await menuRow(db, code);
  return found && found.is_deleted === 0 ? String(found.id) : undefined;
}

/** Every live row with one of `codes`, wherever it stands, in the database's order. */
export async function liveMenus(
  db: Kysely<any>,
  codes: string[],
): Promise<Array<{ id: string; code: string }>> {
  const rows = (await db
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', codes)
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ id: string; code: string }>;
  return rows.map((r) => ({ id: String(r.id), code: r.code }));
}

export interface MenuPagesResult {
  /** The rows this migration made. */
  made: string[];
  /** By code, the live rows the pages stand on, made now or found: each live page, its parent and its buttons. */
  live: Map<string, string>;
}

/** Pages each under the existing menu of its `parent` code, one after the other, as addMenuTree places them. */
export async function addPages(
  db: Kysely<any>,
  pages: Array<MenuPageSpec & { parent: string }>,
): Promise<MenuPagesResult> {
  const result: MenuPagesResult = { made: [], live: new Map() };
  for (const { parent, ...page } of pages) {
    const tree = await addMenuTree(db, { parentCode: parent, pages: [page] });
    result.made.push(...tree.made);
    const [pageId] = tree.pages;
    if (!pageId) continue;
    result.live.set(page.code, pageId);
    // The parent was live for the page to be placed; a button is what addMenuTree found or made for it.
    for (const code of [parent, ...(page.buttons ?? []).map((b) => b.code)]) {
      const id = await liveMenuId(db, code);
      if (id) result.live.set(code, id);
    }
  }
  return result;
}

/**
 * The live rows addPages answered for `page`, as a staff role is granted a page: its parent, itself and `buttons` (all
 * of its own by default). None when the page is not live.
 */
export function pageRows(
  live: Map<string, string>,
  page: MenuPageSpec & { parent: string },
  buttons: MenuButtonSpec[] = page.buttons ?? [],
): string[] {
  if (!live.has(page.code)) return [];
  return [page.parent, page.code, ...buttons.map((b) => b.code)].flatMap((code) => live.get(code) ?? []);
}

export interface MenuTenant {
  tenantId: string;
  packageId: string | null;
}

/** A tenant that holds every menu: the platform tenant, and a tenant without a package (ADMINISTRATORS' rule). */
export const holdsEveryMenu = ({ tenantId, packageId }: MenuTenant) => tenantId === '000000' || !packageId;

/**
 * For grantMenus, as provisioning grants a staff role its pages: the roles of `aliases` in the tenants holding every
 * menu. A packaged tenant's roles get pages through its package.
 */
export const staffRoles =
  (...aliases: string[]) =>
  (tenant: MenuTenant) =>
    holdsEveryMenu(tenant) ? aliases : [];

export interface TenantRoleSpec {
  alias: string;
  name: string;
  sort: number;
  /** Granted to the role where this migration makes it in a tenant holding every menu. */
  menus: string[];
}

/**
 * Each live tenant's role of each spec, as provisioning makes it, where the tenant has no live role of its alias (one
 * it has is left as it is, grants too). A role made in a packaged tenant starts empty and is filled once its package
 * holds the pages. Nothing happens on a database without menus.
 */
export async function addTenantRoles(db: Kysely<any>, roles: TenantRoleSpec[]): Promise<void> {
  if (!(await hasMenus(db))) return;
  const tenants = await liveTenants(db);
  for (const tenant of tenants) {
    const tenantId = tenant.tenant_id;
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    const held = (await db
      .selectFrom('blade_role')
      .select('role_alias')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ role_alias: string }>;
    for (const role of roles) {
      if (held.some((r) => r.role_alias === role.alias)) continue;
      const roleId = migrationId();
      await db
        .insertInto('blade_role')
        .values({
          id: roleId,
          tenant_id: tenantId,
          role_name: role.name,
          role_alias: role.alias,
          sort: role.sort,
        })
        .execute();
      if (!holdsEveryMenu({ tenantId, packageId: tenant.package_id })) continue;
      await addGrants(
        db,
        tenantId,
        role.menus.map((menuId) => ({ roleId, menuId })),
      );
    }
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}
