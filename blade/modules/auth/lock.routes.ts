import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { ServiceError, UnauthorizedError } from '../../core/errors';
import { parseJson } from '../../core/validation';
import { withTenant } from '../../db/tenant';
import { hashSecret, verifySecret } from './password';
import {
  findSession,
  lockSession,
  recordUnlockFailure,
  revokeSession,
  unlockSession,
} from './session.repository';

const lockSchema = z.object({ password: z.string().max(256).optional() });

/** Wrong lock passwords in a row that end the session: a locked screen is not a place to guess at leisure. */
export const UNLOCK_ATTEMPTS = 5;

const M = {
  passwordRequired: '锁屏密码不能为空',
  wrongPassword: '锁屏密码错误',
} as const;

/**
 * The screen lock (SECURITY 27). It is a state of the auth session, so every copy of the session's tokens is locked
 * with it (auth.middleware.ts answers them 423); the lock password's hash stays here, never in a cookie. The portal's
 * /api/portal/lock and /api/portal/unlock call these for the browser; the proxy does not offer them.
 */
export function lockRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  const openSession = async (tenantId: string, sid: string) => {
    const session = await withTenant(deps.db, tenantId, (trx) => findSession(trx, tenantId, sid));
    if (!session || session.revoked_at !== null) throw new UnauthorizedError();
    return session;
  };

  // POST /blade-auth/oauth/lock {password?} — the first lock sets the lock password; later locks may omit it, or give
  // it to be checked. data.hasPassword (here and from unlock): whether a later lock may omit it.
  router.post('/oauth/lock', async (c) => {
    const { tenantId, sid } = c.get('auth');
    const { password } = await parseJson(c, lockSchema);
    const session = await openSession(tenantId, sid);
    if (session.lock_hash && password && !(await verifySecret(session.lock_hash, password))) {
      throw new ServiceError(M.wrongPassword);
    }
    const lockHash = session.lock_hash ?? (password ? await hashSecret(password) : null);
    if (!lockHash) throw new ServiceError(M.passwordRequired);
    await withTenant(deps.db, tenantId, (trx) => lockSession(trx, tenantId, sid, lockHash));
    deps.caches.sessions.delete(sid);
    return c.json(ok({ hasPassword: true }));
  });

  // POST /blade-auth/oauth/unlock {password} — the lock password unlocks; the fifth wrong one in a row ends the
  // session (401). An unlocked session answers success whatever the password.
  router.post('/oauth/unlock', async (c) => {
    const { tenantId, sid } = c.get('auth');
    const { password } = await parseJson(c, lockSchema);
    const session = await openSession(tenantId, sid);
    if (session.locked_at === null) return c.json(ok({ hasPassword: session.lock_hash !== null }));
    if (!password) throw new ServiceError(M.passwordRequired);
    // Counted before the check, so that parallel guesses cannot outrun the count.
    const attempt = await withTenant(deps.db, tenantId, (trx) => recordUnlockFailure(trx, tenantId, sid));
    if (
      attempt <= UNLOCK_ATTEMPTS &&
      session.lock_hash &&
      (await verifySecret(session.lock_hash, password))
    ) {
      await withTenant(deps.db, tenantId, (trx) => unlockSession(trx, tenantId, sid));
      deps.caches.sessions.delete(sid);
      return c.json(ok({ hasPassword: true }));
    }
    if (attempt < UNLOCK_ATTEMPTS) throw new ServiceError(M.wrongPassword);
    await withTenant(deps.db, tenantId, (trx) => revokeSession(trx, tenantId, sid));
    deps.caches.sessions.delete(sid);
    deps.log(`[blade] auth session ${sid} of tenant ${tenantId} ended after ${attempt} wrong lock passwords`);
    throw new UnauthorizedError();
  });

  return router;
}
