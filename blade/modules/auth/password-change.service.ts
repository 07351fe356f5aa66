import type { AuthUser, Deps } from '../../core/context';
import { ServiceError, UnauthorizedError } from '../../core/errors';
import { withTenant } from '../../db/tenant';
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
 * The caller changes their own password (md5 hex from the client, like the login). The old password is checked at
 * most OLD_PASSWORD_LIMIT times in 15 minutes (SECURITY 17); a change ends every other session of the user at once,
 * so a stolen session does not survive it (SECURITY 27). The caller's own session continues; the portal gives its
 * cookie a new id.
 */
export async function changeOwnPassword(
  deps: Deps,
  auth: AuthUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { tenantId, userId, sid } = auth;
  // Its own transaction, committed before the check: a wrong password's attempt stays counted.
  const found = await withTenant(deps.db, tenantId, async (trx) => {
    const user = await findUserById(trx, tenantId, userId);
    return user && { user, attempt: await countOldPasswordAttempt(trx, tenantId, user.account) };
  });
  if (!found) throw new UnauthorizedError();
  const { user, attempt } = found;
  if (attempt > OLD_PASSWORD_LIMIT) throw new ServiceError(MSG_OLD_PASSWORD_LIMITED);
  if (!(await checkPassword(user.password, oldPassword)).ok) {
    if (attempt === OLD_PASSWORD_LIMIT) {
      // JSON.stringify: an account name must not forge log lines.
      deps.log(
        `[blade] password change locked for tenant ${tenantId} account ${JSON.stringify(user.account)} after ${attempt} wrong old passwords`,
      );
    }
    throw new ServiceError(MSG_WRONG_OLD_PASSWORD);
  }
  const hash = await hashPassword(newPassword);
  await withTenant(deps.db, tenantId, async (trx) => {
    await updatePasswordHash(trx, tenantId, userId, hash);
    await clearOldPasswordAttempts(trx, tenantId, user.account);
    await revokeUserSessions(trx, tenantId, userId, sid);
  });
  deps.caches.sessions.clear();
}
