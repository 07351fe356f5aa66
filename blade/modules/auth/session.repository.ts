import { sql } from 'kysely';
import type { Db } from '../../db/tenant';
import { nextId } from '../../core/ids';

export interface NewSession {
  userId: string;
  clientId: string;
  deptId: string | null;
  roleId: string | null;
  /** A guest session of an unknown third-party account (oidc.service.ts): its blade_user_oauth uuid. */
  oauthId?: string;
}

export async function createSession(db: Db, tenantId: string, session: NewSession): Promise<string> {
  const id = nextId();
  await db
    .insertInto('blade_auth_session')
    .values({
      id,
      tenant_id: tenantId,
      user_id: session.userId,
      client_id: session.clientId,
      dept_id: session.deptId,
      role_id: session.roleId,
      oauth_id: session.oauthId ?? '',
    })
    .execute();
  return id;
}

export async function findSession(db: Db, tenantId: string, sessionId: string) {
  return db
    .selectFrom('blade_auth_session')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function updateSessionSelection(
  db: Db,
  tenantId: string,
  sessionId: string,
  selection: { deptId: string | null; roleId: string | null },
): Promise<void> {
  await db
    .updateTable('blade_auth_session')
    .set({ dept_id: selection.deptId, role_id: selection.roleId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .execute();
}

/** What a request's session check needs: the user's roles as they are now, and whether the screen is locked. */
export interface LiveSessionRow {
  /** The user's role ids (blade_user.role_id), whatever the token says. */
  roleIds: string;
  locked: boolean;
}

/** The session while it is open and its user still exists and is enabled; else undefined. */
export async function findLiveSession(
  db: Db,
  tenantId: string,
  sessionId: string,
  userId: string,
): Promise<LiveSessionRow | undefined> {
  const row = await db
    .selectFrom('blade_auth_session as s')
    .innerJoin('blade_user as u', (join) =>
      join.onRef('u.id', '=', 's.user_id').onRef('u.tenant_id', '=', 's.tenant_id'),
    )
    .select(['u.role_id', 's.locked_at'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('u.is_deleted', '=', 0)
    .where('u.status', '=', 1)
    .executeTakeFirst();
  return row && { roleIds: row.role_id, locked: row.locked_at !== null };
}

/** Locks the screen of an open session, keeping `lockHash` as its lock password. */
export async function lockSession(db: Db, tenantId: string, sessionId: string, lockHash: string) {
  await db
    .updateTable('blade_auth_session')
    .set({ locked_at: sql<Date>`coalesce(locked_at, now())`, lock_hash: lockHash, unlock_failures: 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function unlockSession(db: Db, tenantId: string, sessionId: string) {
  await db
    .updateTable('blade_auth_session')
    .set({ locked_at: null, unlock_failures: 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .execute();
}

/** Counts an unlock attempt before its password is checked (unlockSession resets it); returns the count. */
export async function recordUnlockFailure(db: Db, tenantId: string, sessionId: string): Promise<number> {
  const row = await db
    .updateTable('blade_auth_session')
    .set({ unlock_failures: sql<number>`unlock_failures + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .returning('unlock_failures')
    .executeTakeFirst();
  return row?.unlock_failures ?? 0;
}

export async function revokeSession(db: Db, tenantId: string, sessionId: string): Promise<void> {
  await db
    .updateTable('blade_auth_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every open session of a user except `exceptSessionId` (the caller's own, when they keep it). A refresh token
 * only works while its session is open, so this also ends their refresh tokens. Callers clear the sessions cache.
 */
export async function revokeUserSessions(
  db: Db,
  tenantId: string,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('blade_auth_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function insertRefreshToken(
  db: Db,
  tenantId: string,
  token: { jti: string; sessionId: string; validitySeconds: number },
): Promise<void> {
  await db
    .insertInto('blade_refresh_token')
    .values({
      jti: token.jti,
      tenant_id: tenantId,
      session_id: token.sessionId,
      expires_at: sql<Date>`now() + make_interval(secs => ${token.validitySeconds})`,
    })
    .execute();
}

export type RefreshClaim =
  { status: 'rotated' | 'grace' | 'reused'; sessionId: string } | { status: 'unknown' };

/**
 * Marks a refresh token used. The first use rotates it; a second use within the grace window (concurrent refreshes
 * from one portal) is allowed; any later use is reuse of a stolen token.
 */
export async function claimRefreshToken(
  db: Db,
  tenantId: string,
  jti: string,
  graceSeconds: number,
): Promise<RefreshClaim> {
  const rotated = await db
    .updateTable('blade_refresh_token')
    .set({ replaced_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('jti', '=', jti)
    .where('replaced_at', 'is', null)
    .returning('session_id')
    .executeTakeFirst();
  if (rotated) return { status: 'rotated', sessionId: rotated.session_id };

  const used = await db
    .selectFrom('blade_refresh_token')
    .select([
      'session_id',
      sql<boolean>`replaced_at > now() - make_interval(secs => ${graceSeconds})`.as('in_grace'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('jti', '=', jti)
    .executeTakeFirst();
  if (!used) return { status: 'unknown' };
  return { status: used.in_grace ? 'grace' : 'reused', sessionId: used.session_id };
}

/** Housekeeping at login: a user's expired refresh tokens, and their sessions once nothing can use them any more. */
export async function pruneUserSessions(
  db: Db,
  tenantId: string,
  userId: string,
  refreshValiditySeconds: number,
) {
  const sessions = db
    .selectFrom('blade_auth_session')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  await db
    .deleteFrom('blade_refresh_token')
    .where('tenant_id', '=', tenantId)
    .where('session_id', 'in', sessions)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom('blade_auth_session')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('created', '<', sql<Date>`now() - make_interval(secs => ${refreshValiditySeconds})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blade_refresh_token as r')
            .select('r.jti')
            .whereRef('r.session_id', '=', 'blade_auth_session.id'),
        ),
      ),
    )
    .execute();
}
