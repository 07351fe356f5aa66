import { sql } from 'kysely';
import type { Db } from '../../db/tenant';
import { nextId } from '../../core/ids';

export interface NewSession {
  userId: string;
  clientId: string;
  deptId: string | null;
  roleId: string | null;
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

/** True while the session is open and its user still exists and is enabled. */
export async function isSessionLive(
  db: Db,
  tenantId: string,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('blade_auth_session as s')
    .innerJoin('blade_user as u', (join) =>
      join.onRef('u.id', '=', 's.user_id').onRef('u.tenant_id', '=', 's.tenant_id'),
    )
    .select('s.id')
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('u.is_deleted', '=', 0)
    .where('u.status', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
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
