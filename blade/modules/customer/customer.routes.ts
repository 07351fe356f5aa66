import { Hono, type Context } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import type { RateRule } from '../../core/rate-limit';
import { withTenant } from '../../db/tenant';
import { accountTaken } from '../user/user-admin.repository';
import { readParams } from '../../core/input';
import {
  insertUserSchema,
  maskEmail,
  maskPhone,
  phoneOrCompanySchema,
  recoverLookupSchema,
  recoverPasswordSchema,
  userNameCanUseSchema,
  type RecoveryTargets,
} from '../../../lib/contracts/customer/registration';
import { companyNameTaken, findCustomerByAccount, phoneTaken } from './customer.repository';
import { registerCompany, recoverPassword } from './customer.service';
import { publicTenant } from '../verify/verify.service';
import { spendAddressRate, zh } from './public-call';

// Per client address and tenant. Registration and recovery like the login's pace (a person needs a few tries, a
// script many); availability checks run as the person types, so they get more.
export const RATES = {
  register: { bucket: 'customer-register', limit: 10, windowSeconds: 3600 },
  available: { bucket: 'customer-available', limit: 60, windowSeconds: 600 },
  recoverLookup: { bucket: 'customer-recover-lookup', limit: 10, windowSeconds: 3600 },
  recover: { bucket: 'customer-recover', limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

/** The tenant (checked live) and the parameters, after one call of the address is counted under `rule`. */
async function publicInput(deps: Deps, c: Context<BladeEnv>, rule: RateRule) {
  const raw = await readParams(c);
  // The tenant of a public call is found as verify's code calls find it (one rule for the whole flow).
  const tenantId = await publicTenant(deps, c, raw.tenantId);
  await spendAddressRate(deps, c, tenantId, rule);
  return { tenantId, raw };
}

/** Calls of blade-customer's company accounts that work without a token (mounted before the token check). */
export function customerPublicRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST user/insertUser — company and first user with the key of a 'register' code (README.md).
  router.post('/user/insertUser', async (c) => {
    const { tenantId, raw } = await publicInput(deps, c, RATES.register);
    const input = insertUserSchema(zh).parse(raw);
    const { status } = await registerCompany(deps, tenantId, input);
    const msg = zhText(status === 1 ? 'customer.registered' : 'customer.registeredPending');
    return c.json(ok({ account: input.account, status }, msg));
  });

  // GET user/userNameCanUse?account= — true when no live user of the tenant has the account.
  router.get('/user/userNameCanUse', async (c) => {
    const { tenantId, raw } = await publicInput(deps, c, RATES.available);
    const { account } = userNameCanUseSchema(zh).parse(raw);
    const taken = await withTenant(deps.db, tenantId, (trx) => accountTaken(trx, tenantId, account));
    return c.json(ok(!taken));
  });

  // GET user/validateUserByPhoneOrcompanyName?phone=&companyName= — which of the given are free.
  router.get('/user/validateUserByPhoneOrcompanyName', async (c) => {
    const { tenantId, raw } = await publicInput(deps, c, RATES.available);
    const { phone, companyName } = phoneOrCompanySchema(zh).parse(raw);
    const answer = await withTenant(deps.db, tenantId, async (trx) => ({
      ...(phone !== undefined && { phoneCanUse: !(await phoneTaken(trx, tenantId, phone)) }),
      ...(companyName !== undefined && {
        companyNameCanUse: !(await companyNameTaken(trx, tenantId, companyName)),
      }),
    }));
    return c.json(ok(answer));
  });

  // POST user/selectPhoneByCompoundPar {account} — where a recovery code can go, masked; the person types the full
  // phone or e-mail to send the code to, which must be the account's own.
  router.post('/user/selectPhoneByCompoundPar', async (c) => {
    const { tenantId, raw } = await publicInput(deps, c, RATES.recoverLookup);
    const { account } = recoverLookupSchema(zh).parse(raw);
    const user = await withTenant(deps.db, tenantId, (trx) => findCustomerByAccount(trx, tenantId, account));
    if (!user || (!user.phone && !user.email)) throw new KeyedError('customer.recoverUnknown');
    const targets: RecoveryTargets = { phone: maskPhone(user.phone), email: maskEmail(user.email) };
    return c.json(ok(targets));
  });

  // POST user/updatePassWordBykey {account, password, key} — the new password (md5 hex) with a 'recover' key.
  router.post('/user/updatePassWordBykey', async (c) => {
    const { tenantId, raw } = await publicInput(deps, c, RATES.recover);
    const input = recoverPasswordSchema(zh).parse(raw);
    await recoverPassword(deps, tenantId, input);
    return c.json(ok({}, zhText('customer.passwordReset')));
  });

  return router;
}
