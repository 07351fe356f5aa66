import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { clientIp } from '../../core/client-ip';
import { KeyedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import { withTenant } from '../../db/tenant';
import { readParams } from '../../core/input';
import { findUserByAccount } from '../user/user.repository';
import {
  checkCode,
  publicTenant,
  sendCode,
  normaliseTarget,
  type VerifyChannel,
  type VerifyPurpose,
} from './verify.service';
import { PHONE_PATTERN } from '../../../lib/contracts/inputs';

/**
 * The code calls of blade-customer/user that work without a token (001 §7.2): codes for a registration (to the
 * address being registered) and for a password recovery (to the address the account has, named by the account, so
 * the caller never learns it). The calls that spend the keys are the customer module's (insertUser,
 * updatePassWordBykey). What an answer may reveal: that an address is taken (the availability checks say that
 * anyway) and that an account has no such address; never an address.
 */

const PUBLIC_PURPOSES = ['register', 'recover'] as const;
const purposeField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'register' : v),
  z.enum(PUBLIC_PURPOSES, { error: zhText('verify.purposeInvalid') }),
);
const text = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(max, zhText('verify.tooLong', { max })),
  );

const sendSchema = z.object({
  tenantId: z.unknown().optional(),
  purpose: purposeField,
  email: text(45),
  phone: text(11),
  account: text(45),
});

const checkSchema = z.object({
  tenantId: z.unknown().optional(),
  purpose: purposeField,
  codeId: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().trim().max(20)),
  code: text(6),
  email: text(45),
  phone: text(11),
});

const isEmail = (v: string) => z.email().safeParse(v).success;

/** Where a code of this call goes, and whose it is; refuses an address in use (registration) or missing (recovery). */
async function addressee(
  deps: Deps,
  tenantId: string,
  channel: VerifyChannel,
  input: z.infer<typeof sendSchema>,
): Promise<{ target: string; userId: string | null }> {
  if (input.purpose === 'recover') {
    if (!input.account) throw new KeyedError('verify.accountRequired');
    const user = await withTenant(deps.db, tenantId, (trx) =>
      findUserByAccount(trx, tenantId, input.account),
    );
    const target = user && user.status === 1 ? (channel === 'email' ? user.email : user.phone) : '';
    if (!user || !target) throw new KeyedError(channel === 'email' ? 'verify.noEmail' : 'verify.noPhone');
    return { target, userId: user.id };
  }
  const given = channel === 'email' ? input.email : input.phone;
  if (channel === 'email' ? !isEmail(given) : !PHONE_PATTERN.test(given))
    throw new KeyedError(channel === 'email' ? 'verify.emailFormat' : 'verify.phoneFormat');
  const target = normaliseTarget(channel, given);
  const taken = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where((eb) =>
        channel === 'email' ? eb(eb.fn('lower', ['email']), '=', target) : eb('phone', '=', target),
      )
      .executeTakeFirst(),
  );
  if (taken) throw new KeyedError(channel === 'email' ? 'verify.emailTaken' : 'verify.phoneTaken');
  return { target, userId: null };
}

async function send(deps: Deps, c: Context<BladeEnv>, channel: VerifyChannel) {
  const input = sendSchema.parse(await readParams(c));
  const tenantId = await publicTenant(deps, c, input.tenantId);
  const { target, userId } = await addressee(deps, tenantId, channel, input);
  const { codeId } = await sendCode(deps, {
    tenantId,
    channel,
    target,
    purpose: input.purpose as VerifyPurpose,
    ip: clientIp(c),
    userId,
  });
  return c.json(ok({ codeId }, zhText(channel === 'email' ? 'verify.emailSent' : 'verify.smsSent')));
}

async function check(deps: Deps, c: Context<BladeEnv>, channel: VerifyChannel) {
  const input = checkSchema.parse(await readParams(c));
  const tenantId = await publicTenant(deps, c, input.tenantId);
  const given = channel === 'email' ? input.email : input.phone;
  const { key } = await checkCode(deps, {
    tenantId,
    codeId: input.codeId,
    channel,
    // Recovery codes went to the account's address, which the caller was never told.
    target: input.purpose === 'recover' ? undefined : given,
    code: input.code,
    purpose: input.purpose as VerifyPurpose,
  });
  return c.json(ok({ key }, zhText('verify.checked')));
}

/** Mounted at /blade-customer before the token check (app.ts). */
export function verifyPublicRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  // POST user/sendValidateEmail — {tenantId, purpose: register|recover, email (register) | account (recover)}
  router.post('/user/sendValidateEmail', (c) => send(deps, c, 'email'));
  // POST user/ValidateEmail — {tenantId, purpose, codeId, code, email (register)} → {key}
  router.post('/user/ValidateEmail', (c) => check(deps, c, 'email'));
  // POST user/sendValidate and sendValidateNew — the same for a phone: {tenantId, purpose, phone | account}
  router.post('/user/sendValidate', (c) => send(deps, c, 'phone'));
  router.post('/user/sendValidateNew', (c) => send(deps, c, 'phone'));
  // POST user/ValidateNew — {tenantId, purpose, codeId, code, phone (register)} → {key}
  router.post('/user/ValidateNew', (c) => check(deps, c, 'phone'));
  return router;
}
