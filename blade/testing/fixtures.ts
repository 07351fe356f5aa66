import { sql } from 'kysely';
import { nextId } from '../core/ids';
import type { Db } from '../db/tenant';
import { withTenant } from '../db/tenant';
import type { Harness } from './harness';
import { hash } from '@node-rs/argon2';
import { md5Hex, normaliseClientPassword } from '../modules/auth/password';

export async function roleIdByAlias(db: Db, tenantId: string, alias: string): Promise<string> {
  const row = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role_alias', '=', alias)
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export async function deptIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  );
  return rows.map((r) => r.id);
}

export interface NewRole {
  name: string;
  alias: string;
}

export async function addRole(db: Db, tenantId: string, role: NewRole): Promise<string> {
  const id = nextId();
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('blade_role')
      .values({ id, tenant_id: tenantId, role_name: role.name, role_alias: role.alias })
      .execute(),
  );
  return id;
}

export interface NewUser {
  account: string;
  password: string;
  roleIds: string[];
  deptIds: string[];
  realName?: string;
  status?: number;
  /** Store this hash instead of an argon2id of the password (legacy imports). */
  rawHash?: string;
}

/**
 * Fixture users get a real argon2id hash at argon2's lowest cost. The cost travels in the hash string, so the login
 * path (auth/password.ts checkPassword) verifies it exactly as it verifies any other: only the fixture's own hashing
 * and each login's verification are cheaper (about 0.2 ms instead of 15 ms each). What blade/ hashes itself (the seed,
 * password changes, new users) keeps the production cost.
 */
const FIXTURE_ARGON2_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 };

/** What addUser stores for a password (the client sends md5 hex): an argon2id hash at the fixture cost. */
export const fixturePasswordHash = (password: string) =>
  hash(normaliseClientPassword(md5Hex(password)), FIXTURE_ARGON2_COST);

export async function addUser(db: Db, tenantId: string, user: NewUser): Promise<string> {
  const id = nextId();
  const password = user.rawHash ?? (await fixturePasswordHash(user.password));
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('blade_user')
      .values({
        id,
        tenant_id: tenantId,
        account: user.account,
        password,
        real_name: user.realName ?? user.account,
        name: user.account,
        role_id: user.roleIds.join(','),
        dept_id: user.deptIds.join(','),
        status: user.status ?? 1,
      })
      .execute(),
  );
  return id;
}

export interface NewTenant {
  tenantId: string;
  tenantName: string;
  domain?: string;
  expireTime?: Date | null;
  adminPassword: string;
}

/** A tenant with a root dept, a tenant-admin role `admin` and an `admin` user holding it. */
export async function addTenant(db: Db, tenant: NewTenant) {
  await db
    .insertInto('blade_tenant')
    .values({
      id: nextId(),
      tenant_id: tenant.tenantId,
      tenant_name: tenant.tenantName,
      domain: tenant.domain ?? '',
      expire_time: tenant.expireTime ?? null,
    })
    .execute();
  const deptId = nextId();
  await withTenant(db, tenant.tenantId, (trx) =>
    trx
      .insertInto('blade_dept')
      .values({
        id: deptId,
        tenant_id: tenant.tenantId,
        dept_name: tenant.tenantName,
        full_name: tenant.tenantName,
      })
      .execute(),
  );
  const roleId = await addRole(db, tenant.tenantId, { name: '管理员', alias: 'admin' });
  const userId = await addUser(db, tenant.tenantId, {
    account: 'admin',
    password: tenant.adminPassword,
    roleIds: [roleId],
    deptIds: [deptId],
  });
  return { deptId, roleId, userId };
}

/** Grants a menu (by code) to a role of the tenant. */
export async function grantMenu(db: Db, tenantId: string, roleId: string, menuCode: string): Promise<void> {
  await grantMenus(db, tenantId, roleId, [menuCode]);
}

/** Grants menus (by code; each code's first menu, as grantMenu) to a role of the tenant: one read, one insert. */
export async function grantMenus(
  db: Db,
  tenantId: string,
  roleId: string,
  menuCodes: readonly string[],
): Promise<void> {
  if (!menuCodes.length) return;
  const rows = await db
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', [...menuCodes])
    .execute();
  const menuIds = [...new Set(menuCodes)].map((code) => {
    const menu = rows.find((row) => row.code === code);
    if (!menu) throw new Error(`grantMenus: no menu with code ${code}`);
    return menu.id;
  });
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('blade_role_menu')
      .values(
        menuIds.map((menuId) => ({ id: nextId(), tenant_id: tenantId, menu_id: menuId, role_id: roleId })),
      )
      // A menu the role holds already stays granted (blade_role_menu_pair): granting is idempotent.
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute(),
  );
}

/** Ages a row's timestamp column, to test windows without sleeping. */
export const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** The password of the staff users `staffOf` makes. */
export const STAFF_PASSWORD = 'staff-pass';

/**
 * A user of the tenant in the role `roleAlias` (a role the tenant has: the platform's `user`, a work role such as 财务
 * or a step's role) and the tenant's first dept; the password is STAFF_PASSWORD unless given.
 */
export async function addUserInRole(
  db: Db,
  tenantId: string,
  user: { account: string; roleAlias: string; password?: string; realName?: string },
): Promise<string> {
  const [dept] = await deptIds(db, tenantId);
  return addUser(db, tenantId, {
    account: user.account,
    password: user.password ?? STAFF_PASSWORD,
    realName: user.realName,
    roleIds: [await roleIdByAlias(db, tenantId, user.roleAlias)],
    deptIds: [dept],
  });
}

/** addUserInRole, signed in with STAFF_PASSWORD. */
export async function staffOf(
  h: Harness,
  tenantId: string,
  account: string,
  roleAlias: string,
  realName?: string,
): Promise<{ userId: string; token: string }> {
  const userId = await addUserInRole(h.blade.db, tenantId, { account, roleAlias, realName });
  return { userId, token: (await h.login(account, STAFF_PASSWORD, tenantId)).access_token };
}

/**
 * A user of the tenant whose one role, named and aliased as the account, holds exactly the menus `codes`: in `deptId`
 * (by default the tenant's first dept), signed in with STAFF_PASSWORD.
 */
export async function userWithCodes(
  h: Harness,
  tenantId: string,
  account: string,
  codes: readonly string[],
  deptId?: string,
): Promise<{ userId: string; token: string }> {
  const db = h.blade.db;
  const role = await addRole(db, tenantId, { name: account, alias: account });
  await grantMenus(db, tenantId, role, codes);
  const userId = await addUser(db, tenantId, {
    account,
    password: STAFF_PASSWORD,
    roleIds: [role],
    deptIds: [deptId ?? (await deptIds(db, tenantId))[0]],
  });
  return { userId, token: (await h.login(account, STAFF_PASSWORD, tenantId)).access_token };
}

/** A user a test file signs in as: its tenant, account (also its role's name and alias) and menu codes. */
export type CodedUser = readonly [tenantId: string, account: string, codes: readonly string[]];

/**
 * userWithCodes for each of `users`, in order, every one also holding `common` (the parent menu of the file's pages):
 * the users' ids and tokens by account.
 */
export async function usersWithCodes(
  h: Harness,
  users: readonly CodedUser[],
  common: readonly string[] = [],
): Promise<{ userIds: Record<string, string>; tokens: Record<string, string> }> {
  const made = { userIds: {} as Record<string, string>, tokens: {} as Record<string, string> };
  for (const [tenantId, account, codes] of users)
    ({ userId: made.userIds[account], token: made.tokens[account] } = await userWithCodes(
      h,
      tenantId,
      account,
      [...common, ...codes],
    ));
  return made;
}
