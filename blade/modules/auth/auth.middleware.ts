import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AuthUser, BladeEnv, Deps, LiveSession } from '../../core/context';
import { failure } from '../../core/envelope';
import { UnauthorizedError } from '../../core/errors';
import { splitIds } from '../../core/tree';
import { withTenant } from '../../db/tenant';
import { findRolesByIds } from '../system/role/role.repository';
import { findLiveSession } from './session.repository';
import { verifyAccessTokenWithExpiry } from './tokens';

const BEARER = /^bearer (\S+)$/i;

/** What a locked session may still do: unlock itself, or end. */
const WHILE_LOCKED = new Set(['/blade-auth/oauth/unlock', '/blade-auth/oauth/logout']);
export const MSG_LOCKED = '会话已锁定，请先解锁';

/** `Blade-Auth: bearer <jwt>`; the `blade-auth` query parameter is not accepted (tokens do not belong in URLs). */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header?.trim() ?? '')?.[1];
}

/**
 * The claims of a token whose signature was checked recently: every portal call carries the same token for its
 * lifetime, and an HMAC-SHA512 check plus JSON and schema parsing is the largest cost of a cached call. Expiry is
 * checked again on every use; revocation is the session check below, which does not depend on this cache.
 */
function verifiedToken(deps: Deps, token: string): AuthUser {
  const cached = deps.caches.tokens.get(token);
  if (cached && cached.expiresAt > Date.now()) return cached.auth;
  try {
    const verified = verifyAccessTokenWithExpiry(token, deps.settings.jwtSigningKey);
    deps.caches.tokens.set(token, verified);
    return verified.auth;
  } catch {
    throw new UnauthorizedError();
  }
}

/**
 * Verifies the access token and that its auth session is still open and unlocked; puts the caller on the context
 * with the token's roles narrowed to those the user still holds. Not an async function: with the session recently
 * seen alive there is nothing to wait for, and every call passes through here.
 */
export function requireAuth(deps: Deps): MiddlewareHandler<BladeEnv> {
  return (c, next) => {
    const token = bearerToken(c.req.header('blade-auth'));
    if (!token) throw new UnauthorizedError();
    const auth = verifiedToken(deps, token);
    // A disabled or deleted user, a removed role or a lock takes effect within the cache's few seconds (at once in
    // this process: the writes that cause them clear the cache), not at token expiry.
    const live = deps.caches.sessions.get(auth.sid);
    if (live) return admit(c, next, auth, live);
    return confirmSessionLive(deps, auth).then((confirmed) => admit(c, next, auth, confirmed));
  };
}

function admit(
  c: Context<BladeEnv>,
  next: Next,
  auth: AuthUser,
  live: LiveSession,
): Promise<Response | void> {
  if (live.locked && !WHILE_LOCKED.has(c.req.path))
    return Promise.resolve(
      c.json(failure(423, MSG_LOCKED, { errorCode: 'common.refusal.sessionLocked' }), 423),
    );
  c.set('auth', heldRolesOnly(auth, live.roles));
  return next();
}

/**
 * The token's roles are those in force when it was issued (all of the user's, or the one picked at login); a role
 * the user lost since, or one deleted, no longer counts, and aliases are read as they are now.
 */
function heldRolesOnly(auth: AuthUser, held: ReadonlyMap<string, string>): AuthUser {
  const { roleIds, roleAliases } = auth;
  if (roleIds.length === roleAliases.length && roleIds.every((id, i) => held.get(id) === roleAliases[i])) {
    return auth;
  }
  const kept = roleIds.filter((id) => held.has(id));
  return { ...auth, roleIds: kept, roleAliases: kept.map((id) => held.get(id)!) };
}

async function confirmSessionLive(deps: Deps, auth: AuthUser): Promise<LiveSession> {
  const { tenantId, sid, userId } = auth;
  const live = await withTenant(deps.db, tenantId, async (trx) => {
    const session = await findLiveSession(trx, tenantId, sid, userId);
    if (!session) return undefined;
    const roles = await findRolesByIds(trx, tenantId, splitIds(session.roleIds));
    return { roles: new Map(roles.map((r) => [r.id, r.role_alias])), locked: session.locked };
  });
  if (!live) throw new UnauthorizedError();
  deps.caches.sessions.set(sid, live);
  return live;
}
