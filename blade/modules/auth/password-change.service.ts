import type { AuthUser, Deps } from '../../core/context';
import { ServiceError, UnauthorizedError } from '../../core/errors';
import { withTenant, type Db } from '../../db/tenant';
import { findUserById, updatePasswordHash } from '../user/user.repository';
import {
  OLD_PASSWORD_LIMIT,
  clearOldPasswordAttempts,
  countOldPasswordAttempt,
} from './login-failure.repository';
import { checkPassword, hashPassword } from './password';
import { revokeUserSessions } from './session.repository';

export const MSG_WRONG_OLD_PASSWORD = '原密码不正确!';
export const MSG_OLD_PASSWORD_LIMITED = '原密码错误次数过多，请15分钟后再试';

/**
 * Checks the caller's password (md5 hex from the client, like the login) at most OLD_PASSWORD_LIMIT times in 15
 * minutes (SECURITY 17): before a change of password, or to prove who is at the keyboard (my/validatePassword).
 */
export async function verifyOwnPassword(deps: Deps, auth: AuthUser, password: string): Promise<void> {
  const { tenantId, userId } = auth;
  // Its own transaction, committed before the check: a wrong password's attempt stays counted.
  const found = await withTenant(deps.db, tenantId, async (trx) => {
    const user = await findUserById(trx, tenantId, userId);
    return user && { user, attempt: await countOldPasswordAttempt(trx, tenantId, user.account) };
  });
  if (!found) throw new UnauthorizedError();
  const { user, attempt } = found;
  if (attempt > OLD_PASSWORD_LIMIT) throw new ServiceError(MSG_OLD_PASSWORD_LIMITED);
  if (!(await checkPassword(user.password, password)).ok) {
    if (attempt === OLD_PASSWORD_LIMIT) {
      // JSON.stringify: an account name must not forge log lines.
      deps.log(
        `[blade] password change locked for tenant ${tenantId} account ${JSON.stringify(user.account)} after ${attempt} wrong old passwords`,
      );
    }
    throw new ServiceError(MSG_WRONG_OLD_PASSWORD);
  }
  await withTenant(deps.db, tenantId, (trx) => clearOldPasswordAttempts(trx, tenantId, user.account));
}

/**
 * Sets the caller's new password and ends every other session of the user at once, so a stolen session does not
 * survive it (SECURITY 27). The caller's own session continues; the portal gives its cookie a new id. `prove` runs
 * in the same transaction first (a verification key being spent): if the write fails, the proof is not used up.
 */
export async function setOwnPassword(
  deps: Deps,
  auth: AuthUser,
  newPassword: string,
  prove?: (trx: Db) => Promise<void>,
): Promise<void> {
  const { tenantId, userId, sid } = auth;
  const hash = await hashPassword(newPassword);
  await withTenant(deps.db, tenantId, async (trx) => {
    if (prove) await prove(trx);
    await updatePasswordHash(trx, tenantId, userId, hash);
    await revokeUserSessions(trx, tenantId, userId, sid);
  });
  deps.caches.sessions.clear();
}

/** The caller changes their own password after giving the old one (my/update-password). */
export async function changeOwnPassword(
  deps: Deps,
  auth: AuthUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  await verifyOwnPassword(deps, auth, oldPassword);
  await setOwnPassword(deps, auth, newPassword);
}
