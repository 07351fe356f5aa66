import type { Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { withTenant } from '../../db/tenant';
import type { ClientRow } from '../auth/client.repository';
import { GRANT_MESSAGES as M, GrantError } from '../auth/grant-error';
import type { Selection } from '../auth/identity';
import { federatedLogin, type TokenBody } from '../auth/token.service';
import { findTenant } from '../system/tenant/tenant.repository';
import { findUserById } from '../user/user.repository';
import { consumeCode } from './verify.service';
import { PHONE_PATTERN } from '../../../lib/contracts/inputs';

export interface SmsLogin extends Selection {
  tenantId: string;
  codeId: string;
  phone: string;
  code: string;
  client: ClientRow;
}

/**
 * The sms grant of the token call: the code my/sendLoginPhoneValidateCode sent (5 minutes, single use, 5 tries) logs
 * in the enabled account with that phone. A code sent to a number without an account names no user and can never log
 * anyone in; its refusal reads like an expired code's. No captcha and no password failure counting: the code is
 * single use and its tries are counted on the code.
 */
export async function smsLogin(deps: Deps, login: SmsLogin): Promise<TokenBody> {
  const phone = login.phone.trim();
  if (!/^\d{6}$/.test(login.tenantId) || !PHONE_PATTERN.test(phone)) throw new GrantError(400, M.badSmsCode);
  const tenant = await findTenant(deps.db, login.tenantId);
  if (!tenant) throw new GrantError(400, M.badSmsCode);
  let userId: string | null;
  try {
    ({ userId } = await consumeCode(deps, {
      tenantId: tenant.tenant_id,
      codeId: login.codeId,
      channel: 'phone',
      target: phone,
      code: login.code,
      purpose: 'login',
    }));
  } catch (err) {
    // The code's own refusal ("wrong, n tries left", "expired"), in the token call's error shape.
    if (err instanceof KeyedError) throw new GrantError(400, err.message);
    throw err;
  }
  const user = userId
    ? await withTenant(deps.db, tenant.tenant_id, (trx) => findUserById(trx, tenant.tenant_id, userId!))
    : undefined;
  // The phone may have moved to another account since the code was sent, or its owner turned the SMS login off.
  if (!user || user.phone !== phone || user.sms_login !== 1) throw new GrantError(400, M.badSmsCode);
  return federatedLogin(deps, {
    tenant,
    user,
    client: login.client,
    deptId: login.deptId,
    roleId: login.roleId,
  });
}
