import type { MiddlewareHandler } from 'hono';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { isPlatformAdmin, isTenantAdmin } from './roles';
import { assertNoOpenTransaction, withTenant, type Db } from '../db/tenant';
import type { AuthUser, BladeEnv, Deps } from './context';
import { DATA_SCOPE_TYPE } from './data-scope';
import { ForbiddenError } from './errors';

/**
 * The one permission check of blade/ (spec §6, SECURITY 20). A guarded route names what it needs:
 *
 * - `role: 'platform'` — only the platform administrator (role alias exactly `administrator` in tenant 000000);
 * - `role: 'admin'` — a tenant's administrator (alias exactly `admin`) or the platform administrator;
 * - `codes` — menu or button codes (blade_menu.code, e.g. `user`, `user_add`); the caller's roles must hold at least
 *   one of them through blade_role_menu. The platform administrator passes every code check.
 *
 * Both may be given: the role check comes first. Aliases are compared whole, so `admin2` or `Administrator` are
 * ordinary roles, and an `administrator` role outside tenant 000000 has no platform rights (see core/roles.ts).
 * Failures are HTTP 403, code 403 `请求被拒绝`.
 */
export interface Permission {
  role?: 'platform' | 'admin';
  codes?: readonly string[];
}

const rolesKey = (auth: AuthUser) => [auth.tenantId, [...auth.roleIds].sort().join(',')].join('|');

/**
 * Menu and button codes the caller's roles hold. Cached with the menu trees (`Caches.menus`, a few seconds), so that
 * menu and grant writes — which clear that cache — take effect at once in this process. Inside the caller's tenant
 * transaction pass it as `trx`: a transaction of its own would wait for that one forever on PGlite.
 */
export async function heldCodes(
  deps: Deps,
  auth: AuthUser,
  trx?: Transaction<Database>,
): Promise<Set<string>> {
  if (!trx) assertNoOpenTransaction('heldCodes');
  const key = `codes|${rolesKey(auth)}`;
  const hit = deps.caches.menus.get(key);
  if (hit !== undefined) return new Set(JSON.parse(hit) as string[]);
  const read = async (t: Transaction<Database>) =>
    (
      await t
        .selectFrom('blade_role_menu as rm')
        .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
        .select('m.code')
        .distinct()
        .where('rm.tenant_id', '=', auth.tenantId)
        .where('rm.role_id', 'in', auth.roleIds)
        .where('m.is_deleted', '=', 0)
        .execute()
    ).map((r) => r.code);
  const codes =
    auth.roleIds.length === 0 ? [] : trx ? await read(trx) : await withTenant(deps.db, auth.tenantId, read);
  deps.caches.menus.set(key, JSON.stringify(codes));
  return new Set(codes);
}

/** Whether the caller passes the permission (no throw). `trx`: the caller's open transaction, if any (heldCodes). */
export async function allowed(
  deps: Deps,
  auth: AuthUser,
  permission: Permission,
  trx?: Transaction<Database>,
): Promise<boolean> {
  if (permission.role === 'platform' && !isPlatformAdmin(auth)) return false;
  if (permission.role === 'admin' && !isTenantAdmin(auth)) return false;
  if (!permission.codes || permission.codes.length === 0 || isPlatformAdmin(auth)) return true;
  const held = await heldCodes(deps, auth, trx);
  return permission.codes.some((code) => held.has(code));
}

/** Throws 403 unless the caller passes. For checks that depend on the request body (e.g. add vs edit). */
export async function demand(
  deps: Deps,
  auth: AuthUser,
  permission: Permission,
  trx?: Transaction<Database>,
): Promise<void> {
  if (!(await allowed(deps, auth, permission, trx))) throw new ForbiddenError();
}

/** Route middleware: `router.post('/user/remove', permit(deps, { codes: ['user_delete'] }), handler)`. */
export function permit(deps: Deps, permission: Permission): MiddlewareHandler<BladeEnv> {
  return async (c, next) => {
    await demand(deps, c.get('auth'), permission);
    await next();
  };
}

/**
 * Menu, role and grant writes call this: navigation, button codes and API scopes are read again on the next request,
 * and so are the sessions' roles (a deleted or renamed role stops counting at once, auth.middleware.ts).
 */
export function clearPermissionCaches(deps: Deps): void {
  deps.caches.menus.clear();
  deps.caches.menuBodies.clear();
  deps.caches.sessions.clear();
}

// ---- API scopes ------------------------------------------------------------------------------------------------

interface ApiScopeRule {
  id: string;
  /** Normalised path without `/api`; a trailing `/**` matches the prefix and everything below it. */
  path: string;
}

/** Calls that keep the shell alive (login, logout, navigation) are never subject to API scopes. */
const API_SCOPE_EXEMPT = [
  '/blade-auth/',
  '/blade-system/menu/routes',
  '/blade-system/menu/buttons',
  '/blade-system/menu/top-menu',
  '/blade-user/info',
];

/** `/api/blade-user/page` and `blade-user/page/` both become `/blade-user/page`. */
export function normaliseScopePath(path: string): string {
  let p = path.trim();
  if (!p.startsWith('/')) p = `/${p}`;
  if (p === '/api' || p.startsWith('/api/')) p = p.slice(4) || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export function scopePathMatches(rule: string, path: string): boolean {
  if (rule.endsWith('/**')) {
    const prefix = rule.slice(0, -3);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return rule === path;
}

async function apiScopeRules(deps: Deps): Promise<ApiScopeRule[]> {
  const hit = deps.caches.menus.get('apiscope|rules');
  if (hit !== undefined) return JSON.parse(hit) as ApiScopeRule[];
  const rows = await deps.db
    .selectFrom('blade_scope_api')
    .select(['id', 'scope_path'])
    .where('is_deleted', '=', 0)
    .execute();
  const rules = rows
    .map((r) => ({ id: r.id, path: normaliseScopePath(r.scope_path) }))
    .filter((r) => r.path !== '/');
  deps.caches.menus.set('apiscope|rules', JSON.stringify(rules));
  return rules;
}

/** Ids of the scopes (category 1 data, 2 API) the roles hold. */
export async function heldScopeIds(
  trx: Db,
  tenantId: string,
  roleIds: readonly string[],
  category: 1 | 2,
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await trx
    .selectFrom('blade_role_scope')
    .select('scope_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', [...roleIds])
    .where('scope_category', '=', category)
    .execute();
  return rows.map((r) => r.scope_id);
}

async function heldApiScopes(deps: Deps, auth: AuthUser): Promise<Set<string>> {
  const key = `apiscope|${rolesKey(auth)}`;
  const hit = deps.caches.menus.get(key);
  if (hit !== undefined) return new Set(JSON.parse(hit) as string[]);
  const ids = await withTenant(deps.db, auth.tenantId, (trx) =>
    heldScopeIds(trx, auth.tenantId, auth.roleIds, 2),
  );
  deps.caches.menus.set(key, JSON.stringify(ids));
  return new Set(ids);
}

/**
 * API scopes: a call whose path matches a live blade_scope_api row (exactly, or below a `…/**` rule) is allowed only
 * to roles holding one of the matching scopes; calls no scope mentions are unaffected. Administrators (the platform's
 * and a tenant's `admin`) are exempt: scopes restrict ordinary roles, and a new scope must not lock every tenant's
 * administrator out. Mounted once in app.ts after the token check, so every module is covered without doing anything.
 */
export function apiScopeGuard(deps: Deps): MiddlewareHandler<BladeEnv> {
  // Not async: administrators, the exempt paths and most of every page's calls pass without waiting for anything.
  return (c, next) => {
    const auth = c.get('auth');
    const path = normaliseScopePath(c.req.path);
    if (isTenantAdmin(auth) || API_SCOPE_EXEMPT.some((p) => path === p || path.startsWith(p))) return next();
    return demandApiScope(deps, auth, path).then(next);
  };
}

async function demandApiScope(deps: Deps, auth: AuthUser, path: string): Promise<void> {
  const matching = (await apiScopeRules(deps)).filter((r) => scopePathMatches(r.path, path));
  if (matching.length === 0) return;
  const held = await heldApiScopes(deps, auth);
  if (!matching.some((r) => held.has(r.id))) throw new ForbiddenError();
}

// ---- Grantable rights (SECURITY 25) -------------------------------------------------------------------------------

/**
 * What grants are made of: menu and button ids (blade_role_menu), data scope ids (blade_role_scope category 1) and
 * API scope ids (category 2). Deleted menus and scopes confer nothing and never appear.
 */
export interface Rights {
  menus: ReadonlySet<string>;
  dataScopes: ReadonlySet<string>;
  apiScopes: ReadonlySet<string>;
}

/** The live rights a set of roles holds together. */
export async function roleRights(trx: Db, tenantId: string, roleIds: readonly string[]): Promise<Rights> {
  if (roleIds.length === 0) return { menus: new Set(), dataScopes: new Set(), apiScopes: new Set() };
  const menus = await trx
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
    .select('rm.menu_id')
    .distinct()
    .where('rm.tenant_id', '=', tenantId)
    .where('rm.role_id', 'in', [...roleIds])
    .where('m.is_deleted', '=', 0)
    .execute();
  const scopes = async (category: 1 | 2) =>
    (
      await trx
        .selectFrom('blade_role_scope as rs')
        .select('rs.scope_id')
        .distinct()
        .where('rs.tenant_id', '=', tenantId)
        .where('rs.role_id', 'in', [...roleIds])
        .where('rs.scope_category', '=', category)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom(category === 1 ? 'blade_scope_data' : 'blade_scope_api')
              .select('id')
              .whereRef('id', '=', 'rs.scope_id')
              .where('is_deleted', '=', 0),
          ),
        )
        .execute()
    ).map((r) => r.scope_id);
  return {
    menus: new Set(menus.map((r) => r.menu_id)),
    dataScopes: new Set(await scopes(1)),
    apiScopes: new Set(await scopes(2)),
  };
}

/**
 * What a caller may hand out — to a user as roles, or to a role as grants — and the one test every such write
 * passes: `covers(rights)` holds when the rights are all the caller's own.
 *
 * - The platform administrator holds every right: `grantableRights` answers undefined (no limit).
 * - A tenant's administrator holds its roles' menus (provisioning gives its `admin` role the tenant package's menus)
 *   and every scope hanging on those menus: it is never narrowed by scopes, so all of them are its to give.
 * - Anyone else holds exactly its roles' menus and scopes.
 *
 * Data scopes restrict (a role set without one on a resource sees all of it, see core/data-scope), so a subset of
 * ids is not enough for them: a caller restricted on a resource may not hand out the menus over that resource (those
 * the resource's data scopes hang on, and their buttons) without one of its data scopes on the resource — else the
 * receiver would see rows the caller cannot.
 */
export interface Grantable extends Rights {
  covers(rights: Rights): boolean;
}

export async function grantableRights(trx: Db, auth: AuthUser): Promise<Grantable | undefined> {
  if (isPlatformAdmin(auth)) return undefined;
  const held = await roleRights(trx, auth.tenantId, auth.roleIds);
  if (isTenantAdmin(auth)) {
    const under = async (table: 'blade_scope_data' | 'blade_scope_api') =>
      held.menus.size === 0
        ? new Set<string>()
        : new Set(
            (
              await trx
                .selectFrom(table)
                .select('id')
                .where('is_deleted', '=', 0)
                .where('menu_id', 'in', [...held.menus])
                .execute()
            ).map((r) => r.id),
          );
    const rights = {
      menus: held.menus,
      dataScopes: await under('blade_scope_data'),
      apiScopes: await under('blade_scope_api'),
    };
    return { ...rights, covers: (wanted) => subset(wanted, rights) };
  }
  const restrictions = await dataRestrictions(trx, held.dataScopes);
  const covered = (wanted: Rights, r: DataRestriction) =>
    ![...wanted.menus].some((id) => r.menus.has(id)) || [...wanted.dataScopes].some((id) => r.scopes.has(id));
  return {
    ...held,
    covers: (wanted) => subset(wanted, held) && restrictions.every((r) => covered(wanted, r)),
  };
}

const subset = (wanted: Rights, held: Rights) =>
  (['menus', 'dataScopes', 'apiScopes'] as const).every((kind) =>
    [...wanted[kind]].every((id) => held[kind].has(id)),
  );

/** A resource the caller sees only part of: its data scopes on it, and the menus (with buttons) over it. */
interface DataRestriction {
  scopes: Set<string>;
  menus: Set<string>;
}

async function dataRestrictions(trx: Db, heldDataScopes: ReadonlySet<string>): Promise<DataRestriction[]> {
  if (heldDataScopes.size === 0) return [];
  const held = await trx
    .selectFrom('blade_scope_data')
    .select(['id', 'resource_code', 'scope_type'])
    .where('id', 'in', [...heldDataScopes])
    .execute();
  const byResource = new Map<string, Set<string>>();
  for (const s of held)
    byResource.set(s.resource_code, (byResource.get(s.resource_code) ?? new Set()).add(s.id));
  // A held `all` scope lifts the restriction on its resource (core/data-scope).
  for (const s of held) if (s.scope_type === DATA_SCOPE_TYPE.all) byResource.delete(s.resource_code);
  if (byResource.size === 0) return [];
  const over = await trx
    .selectFrom('blade_scope_data')
    .select(['resource_code', 'menu_id'])
    .where('resource_code', 'in', [...byResource.keys()])
    .where('is_deleted', '=', 0)
    .execute();
  const menus = await trx
    .selectFrom('blade_menu')
    .select(['id', 'parent_id'])
    .where('is_deleted', '=', 0)
    .execute();
  const children = new Map<string, string[]>();
  for (const m of menus) {
    const siblings = children.get(m.parent_id);
    if (siblings) siblings.push(m.id);
    else children.set(m.parent_id, [m.id]);
  }
  return [...byResource].map(([resource, scopes]) => {
    const below = new Set<string>();
    const visit = (id: string) => {
      if (below.has(id)) return;
      below.add(id);
      for (const child of children.get(id) ?? []) visit(child);
    };
    for (const s of over) if (s.resource_code === resource) visit(s.menu_id);
    return { scopes, menus: below };
  });
}

/** Throws 403 (see BEYOND_GRANT) unless the caller may hand out each of the rights. */
export async function demandGrantable(trx: Db, auth: AuthUser, wanted: readonly Rights[]): Promise<void> {
  const grantable = await grantableRights(trx, auth);
  if (grantable && !wanted.every((rights) => grantable.covers(rights)))
    throw new ForbiddenError(BEYOND_GRANT);
}

/**
 * The refusal of a grant beyond the caller's rights: 403 like every other refusal of rights here (permit, the
 * administrator roles), with its own text so the screen can say why.
 */
export const BEYOND_GRANT = '不能授予超出本人权限的角色或权限';

/** Scopes (category 1 data, 2 API) the caller may put into role grants: what the grant tree offers. */
export async function grantableScopeIds(trx: Db, auth: AuthUser, category: 1 | 2): Promise<Set<string>> {
  const grantable = await grantableRights(trx, auth);
  if (grantable) return new Set(category === 1 ? grantable.dataScopes : grantable.apiScopes);
  const table = category === 1 ? 'blade_scope_data' : 'blade_scope_api';
  return new Set(
    (await trx.selectFrom(table).select('id').where('is_deleted', '=', 0).execute()).map((r) => r.id),
  );
}
