import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { withTenant, type Db } from '../db/tenant';
import { addTenant } from './fixtures';
import { PLATFORM } from './harness';

// The tests of the migrations that add menus to an existing database: they take the menus away (as before the
// migration), run it, and read what was made and granted. One set of readers for them all.

type Migration = (trx: Transaction<Database>) => Promise<unknown>;

const sorted = (codes: readonly string[]) => [...codes].sort();

/**
 * The tenant a menu migration's test adds besides the platform: one provisioned before the migration, whose roles the
 * migration must grant the new menus to.
 */
export const addOldTenant = (db: Db, tenantId: string) =>
  addTenant(db, { tenantId, tenantName: '老机构', adminPassword: 'x-admin-pass' });

/** The ids of the menu rows with `codes`. */
export async function menuIdsOf(db: Db, codes: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('blade_menu').select('id').where('code', 'in', codes).execute();
  return rows.map((r) => String(r.id));
}

/**
 * A database from before the menus of `codes`: their rows go, with their grants in `tenants` (each under its own
 * row-level security). Answers how many rows there were.
 */
export async function forgetMenus(
  db: Db,
  codes: readonly string[],
  tenants: readonly string[],
): Promise<number> {
  const ids = await menuIdsOf(db, codes);
  if (ids.length)
    for (const tenant of tenants)
      await withTenant(db, tenant, (trx) =>
        trx.deleteFrom('blade_role_menu').where('menu_id', 'in', ids).execute(),
      );
  await db.deleteFrom('blade_menu').where('code', 'in', codes).execute();
  return ids.length;
}

/** The menu codes the role `roleId` of `tenant` holds, among `codes` when given; sorted. */
export async function codesOfRole(
  db: Db,
  tenant: string,
  roleId: string,
  codes?: readonly string[],
): Promise<string[]> {
  const rows = await withTenant(db, tenant, (trx) => {
    let q = trx
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
      .select('m.code')
      .where('rm.role_id', '=', roleId);
    if (codes) q = q.where('m.code', 'in', codes);
    return q.execute();
  });
  return sorted(rows.map((r) => r.code));
}

/** The codes among `codes` that the roles with `alias` in `tenant` hold; sorted. */
export async function codesOfAlias(
  db: Db,
  tenant: string,
  alias: string,
  codes: readonly string[],
): Promise<string[]> {
  const rows = await withTenant(db, tenant, (trx) =>
    trx
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
      .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
      .select('m.code')
      .where('r.tenant_id', '=', tenant)
      .where('r.role_alias', '=', alias)
      .where('m.code', 'in', codes)
      .execute(),
  );
  return sorted(rows.map((r) => r.code));
}

/** Each menu of `codes` with its parent's code and its path. */
export async function menuPlaces(
  db: Db,
  codes: readonly string[],
): Promise<Record<string, { parent: string; path: string | null }>> {
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_menu as p', 'p.id', 'm.parent_id')
    .select(['m.code', 'm.path', 'p.code as parent'])
    .where('m.code', 'in', codes)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.code, { parent: r.parent, path: r.path }]));
}

/**
 * The common shape of an administration-menu migration's test: with the menus of `codes` gone (grants in `tenants`
 * too), `migrate` makes every one of them, grants them all to the platform administrator and to the `admin` of each
 * other tenant of `tenants`, and a second run makes nothing more. `migrate` may be several migrations, run in order.
 */
export async function replayMenuMigration(
  db: Db,
  {
    codes,
    tenants,
    migrate,
  }: { codes: readonly string[]; tenants: readonly string[]; migrate: Migration | Migration[] },
): Promise<void> {
  const steps = Array.isArray(migrate) ? migrate : [migrate];
  expect(await forgetMenus(db, codes, tenants)).toBe(codes.length);
  const run = async () => {
    for (const step of steps) await db.transaction().execute((trx) => step(trx));
  };
  await run();
  expect(await menuIdsOf(db, codes)).toHaveLength(codes.length);
  for (const tenant of tenants)
    expect(await codesOfAlias(db, tenant, tenant === PLATFORM ? 'administrator' : 'admin', codes)).toEqual(
      sorted(codes),
    );
  await run();
  expect(await menuIdsOf(db, codes)).toHaveLength(codes.length);
}
