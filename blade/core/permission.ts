import type { MiddlewareHandler } from 'hono';
import { isPlatformAdmin, isTenantAdmin } from '../modules/auth/roles';
import { withTenant, type Db } from '../db/tenant';
import type { AuthUser, BladeEnv, Deps } from './context';
import { ForbiddenError, UnauthorizedError } from './errors';
import { GRANT_MESSAGES } from '../modules/auth/grant-error';
import { findTenant, tenantExpired } from '../modules/system/tenant/tenant.repository';

/**
 * The one permission check of blade/ (spec §6, SECURITY 20). A guarded route names what it needs:
 *
 * - `role: 'platform'` — only the platform administrator (role alias exactly `administrator` in tenant 000000);
 * - `role: 'admin'` — a tenant's administrator (alias exactly `admin`) or the platform administrator;
 * - `codes` — menu or button codes (blade_menu.code, e.g. `user`, `user_add`); the caller's roles must hold at least
 *   one of them through blade_role_menu. The platform administrator passes every code check.
 *
 * Both may be given: the role check comes first. Aliases are compared whole, so `admin2` or `Administrator` are
 * ordinary roles, and an `administrator` role outside tenant 000000 has no platform rights (see modules/auth/roles).
 * Failures are HTTP 403, code 403 `请求被拒绝`.
 */
export interface Permission {
  role?: 'platform' | 'admin';
  codes?: readonly string[];
}

const rolesKey = (auth: AuthUser) => [auth.tenantId, [...auth.roleIds].sort().join(',')].join('|');

/**
 * Menu and button codes the caller's roles hold. Cached with the menu trees (`Caches.menus`, a few seconds), so that
 * menu and grant writes — which clear that cache — take effect at once in this process.
 */
export async function heldCodes(deps: Deps, auth: AuthUser): Promise<Set<string>> {
  const key = `codes|${rolesKey(auth)}`;
  const hit = deps.caches.menus.get(key);
  if (hit !== undefined) return new Set(JSON.parse(hit) as string[]);
  const codes =
    auth.roleIds.length === 0
      ? []
      : await withTenant(deps.db, auth.tenantId, async (trx) =>
          (
            await trx
              .selectFrom('blade_role_menu as rm')
              .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
              .select('m.code')
              .distinct()
              .where('rm.tenant_id', '=', auth.tenantId)
              .where('rm.role_id', 'in', auth.roleIds)
              .where('m.is_deleted', '=', 0)
              .execute()
          ).map((r) => r.code),
        );
  deps.caches.menus.set(key, JSON.stringify(codes));
  return new Set(codes);
}

/** Whether the caller passes the permission (no throw). */
export async function allowed(deps: Deps, auth: AuthUser, permission: Permission): Promise<boolean> {
  if (permission.role === 'platform' && !isPlatformAdmin(auth)) return false;
  if (permission.role === 'admin' && !isTenantAdmin(auth)) return false;
  if (!permission.codes || permission.codes.length === 0 || isPlatformAdmin(auth)) return true;
  const held = await heldCodes(deps, auth);
  return permission.codes.some((code) => held.has(code));
}

/** Throws 403 unless the caller passes. For checks that depend on the request body (e.g. add vs edit). */
export async function demand(deps: Deps, auth: AuthUser, permission: Permission): Promise<void> {
  if (!(await allowed(deps, auth, permission))) throw new ForbiddenError();
}

/** Route middleware: `router.post('/user/remove', permit(deps, { codes: ['user_delete'] }), handler)`. */
export function permit(deps: Deps, permission: Permission): MiddlewareHandler<BladeEnv> {
  return async (c, next) => {
    await demand(deps, c.get('auth'), permission);
    await next();
  };
}

/** Menu and grant writes call this: navigation, button codes and API scopes are read again on the next request. */
export function clearPermissionCaches(deps: Deps): void {
  deps.caches.menus.clear();
  deps.caches.menuBodies.clear();
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

/**
 * Scopes a caller may hand out in role grants: every live one for the platform administrator; for a tenant's
 * administrator the scopes attached to menus its roles hold; for anyone else the scopes its roles hold.
 */
export async function grantableScopeIds(trx: Db, auth: AuthUser, category: 1 | 2): Promise<Set<string>> {
  const table = category === 1 ? 'blade_scope_data' : 'blade_scope_api';
  if (isPlatformAdmin(auth) || isTenantAdmin(auth)) {
    let q = trx.selectFrom(table).select('id').where('is_deleted', '=', 0);
    if (!isPlatformAdmin(auth)) {
      if (auth.roleIds.length === 0) return new Set();
      q = q.where('menu_id', 'in', (eb) =>
        eb
          .selectFrom('blade_role_menu')
          .select('menu_id')
          .where('tenant_id', '=', auth.tenantId)
          .where('role_id', 'in', auth.roleIds),
      );
    }
    return new Set((await q.execute()).map((r) => r.id));
  }
  return new Set(await heldScopeIds(trx, auth.tenantId, auth.roleIds, category));
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

// ---- Tenant standing ---------------------------------------------------------------------------------------------

/**
 * Tokens of a tenant that expired, was disabled or removed stop working at once (within the few seconds of the
 * cache), not only at the next login or refresh (auth/token.service refuses those). Answers 401 with the login's
 * text, so the portal ends the session. Mounted once in app.ts after the token check.
 */
export function tenantStandingGuard(deps: Deps): MiddlewareHandler<BladeEnv> {
  // Not async: the standing is cached, and a cached good standing needs no waiting.
  return (c, next) => {
    const { tenantId } = c.get('auth');
    const problem = deps.caches.menus.get(`tenant|${tenantId}`);
    if (problem === '') return next();
    if (problem !== undefined) throw new UnauthorizedError(problem);
    return tenantStandingProblem(deps, tenantId).then((found) => {
      if (found) throw new UnauthorizedError(found);
      return next();
    });
  };
}

/** Why the tenant's tokens no longer work ('' when they do), remembered with the menu caches. */
async function tenantStandingProblem(deps: Deps, tenantId: string): Promise<string> {
  const tenant = await findTenant(deps.db, tenantId);
  const problem = !tenant
    ? GRANT_MESSAGES.badRefresh
    : tenant.status !== 1
      ? GRANT_MESSAGES.tenantDisabled
      : tenantExpired(tenant)
        ? GRANT_MESSAGES.tenantExpired
        : '';
  deps.caches.menus.set(`tenant|${tenantId}`, problem);
  return problem;
}
