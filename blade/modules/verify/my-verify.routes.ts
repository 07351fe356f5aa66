import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { clientIp } from '../../core/client-ip';
import { KeyedError, ServiceError, UnauthorizedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { ok, success } from '../../core/envelope';
import { withTenant, type Trx } from '../../db/tenant';
import { actionRouter } from '../../core/action';
import {
  myLoginMethodList,
  myUpdateEnable,
  myUserBaseInfo,
} from '../../../lib/contracts/system/my-verify.actions';
import { setOwnPassword, verifyOwnPassword } from '../auth/password-change.service';
import { findSmsForSending } from '../sms/sms.repository';
import { readParams } from '../../core/input';
import { findUserById } from '../user/user.repository';
import { mailConfigured } from './mail-config.resource';
import {
  checkCode,
  consumeCode,
  consumeKey,
  issueKey,
  maskTarget,
  normaliseTarget,
  publicTenant,
  sendCode,
  type VerifyChannel,
} from './verify.service';
import { PHONE_PATTERN } from '../../../lib/contracts/inputs';

/**
 * The caller's own verification calls of blade-user/my (001 §7.4). Proving who is at the keyboard — by the password,
 * a code to the phone or a code to the e-mail the account has — answers a 'confirm' key; a new password
 * (updatePasswordWithKey) or a new phone (updatePhoneWithKey, which also needs the code sent to the new phone) spends
 * it. The key is the caller's: another user's key is refused like a used one.
 */

const field = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v)),
    z.string().trim().max(max, zhText('verify.tooLong', { max })),
  );

const codeSchema = z.object({ codeId: field(20), code: field(6) });
const passwordSchema = z.object({
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(256),
});
const newPasswordSchema = z.object({
  key: field(64),
  newPassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(256),
  newPassword1: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码').max(256),
});
const newPhoneSchema = z.object({ phone: field(11) });
const phoneChangeSchema = z.object({ key: field(64), phone: field(11), codeId: field(20), code: field(6) });
const loginCodeSchema = z.object({ tenantId: z.unknown().optional(), phone: field(11) });

/** The caller's own row; 401 when the user is gone. */
async function ownUser(trx: Trx, auth: AuthUser) {
  const user = await findUserById(trx, auth.tenantId, auth.userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

async function caller(deps: Deps, c: Context<BladeEnv>) {
  const auth = c.get('auth');
  const user = await withTenant(deps.db, auth.tenantId, (trx) => ownUser(trx, auth));
  return { auth, user };
}

/** The caller's own address on a channel, or a refusal naming what is missing. */
function ownAddress(user: { phone: string | null; email: string | null }, channel: VerifyChannel): string {
  const target = (channel === 'email' ? user.email : user.phone) ?? '';
  if (!target) throw new KeyedError(channel === 'email' ? 'verify.ownNoEmail' : 'verify.ownNoPhone');
  return target;
}

async function sendOwnCode(deps: Deps, c: Context<BladeEnv>, channel: VerifyChannel) {
  const { auth, user } = await caller(deps, c);
  const { codeId } = await sendCode(deps, {
    tenantId: auth.tenantId,
    channel,
    target: ownAddress(user, channel),
    purpose: 'confirm',
    ip: clientIp(c),
    userId: auth.userId,
    actorId: auth.userId,
  });
  return c.json(ok({ codeId }, zhText(channel === 'email' ? 'verify.emailSent' : 'verify.smsSent')));
}

async function checkOwnCode(deps: Deps, c: Context<BladeEnv>, channel: VerifyChannel) {
  const { auth, user } = await caller(deps, c);
  const input = codeSchema.parse(await readParams(c));
  const { key } = await checkCode(deps, {
    tenantId: auth.tenantId,
    codeId: input.codeId,
    channel,
    target: ownAddress(user, channel),
    code: input.code,
    purpose: 'confirm',
  });
  return c.json(ok({ key }, zhText('verify.checked')));
}

/** Spends the caller's 'confirm' key (in the write's transaction); someone else's key is refused. */
const ownKey =
  (deps: Deps, userId: string, tenantId: string, key: string) =>
  async (trx: Parameters<typeof consumeKey>[1]) => {
    const spent = await consumeKey(deps, trx, { tenantId, key, purpose: 'confirm' });
    if (spent.userId !== userId) throw new KeyedError('verify.keyInvalid');
  };

export function myVerifyRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // my/loginMethodList, my/updateEable and my/userBaseInfo: myVerifyActions below.

  // POST my/checkWXCode, my/bindingWX — binding a WeChat account from the personal page would need the portal to hold
  // a WeChat token it never keeps; a WeChat account is bound by signing in with it (modules/auth/sso.md). Refused in
  // words rather than answered 404 or a success.
  for (const call of ['checkWXCode', 'bindingWX'])
    router.post(`/my/${call}`, () => {
      throw new KeyedError('verify.wechatBindingNotServed');
    });

  // GET my/keyForValidate — how the caller can prove who they are before a sensitive change: always the password,
  // and a code to the phone or e-mail the account has (masked; SMS only where the tenant has an SMS sender).
  router.get('/my/keyForValidate', async (c) => {
    const { auth, user } = await caller(deps, c);
    const sms = await withTenant(deps.db, auth.tenantId, (trx) => findSmsForSending(trx, auth.tenantId));
    const methods = ['password'];
    if (user.phone && sms) methods.push('phone');
    if (user.email && (await mailConfigured(deps, auth.tenantId))) methods.push('email');
    return c.json(
      ok({
        methods,
        phone: maskTarget('phone', user.phone ?? ''),
        email: maskTarget('email', user.email ?? ''),
      }),
    );
  });

  // POST my/validatePassword — {password} (md5 hex) → {key}; wrong passwords are limited like update-password's.
  router.post('/my/validatePassword', async (c) => {
    const auth = c.get('auth');
    const { password } = passwordSchema.parse(await readParams(c));
    await verifyOwnPassword(deps, auth, password);
    const key = await withTenant(deps.db, auth.tenantId, (trx) =>
      issueKey(deps, trx, {
        tenantId: auth.tenantId,
        purpose: 'confirm',
        channel: 'password',
        target: auth.userId,
        userId: auth.userId,
      }),
    );
    return c.json(ok({ key }, zhText('verify.checked')));
  });

  // POST my/sendPhoneValidateCode, validatePhoneCode {codeId, code} → {key}: the code goes to the caller's phone.
  router.post('/my/sendPhoneValidateCode', (c) => sendOwnCode(deps, c, 'phone'));
  router.post('/my/validatePhoneCode', (c) => checkOwnCode(deps, c, 'phone'));
  // POST my/sendEmailValidateCode, validateEmailCode: the same by the caller's e-mail.
  router.post('/my/sendEmailValidateCode', (c) => sendOwnCode(deps, c, 'email'));
  router.post('/my/validateEmailCode', (c) => checkOwnCode(deps, c, 'email'));

  // POST my/updatePasswordWithKey — {key, newPassword, newPassword1}: a new password without the old one, after a
  // proof; ends the user's other sessions (the portal gives this session a new id).
  router.post('/my/updatePasswordWithKey', async (c) => {
    const auth = c.get('auth');
    const input = newPasswordSchema.parse(await readParams(c));
    if (input.newPassword !== input.newPassword1) throw new ServiceError('请输入正确的确认密码!');
    await setOwnPassword(deps, auth, input.newPassword, ownKey(deps, auth.userId, auth.tenantId, input.key));
    return c.json(success('修改密码成功'));
  });

  // POST my/sendNewPhoneValidateCode — {phone}: the code that proves the new phone is the caller's (not in the
  // catalogue by name: updatePhoneWithKey needs it). The phone must not be another account's.
  router.post('/my/sendNewPhoneValidateCode', async (c) => {
    const { auth } = await caller(deps, c);
    const { phone } = newPhoneSchema.parse(await readParams(c));
    if (!PHONE_PATTERN.test(phone)) throw new KeyedError('verify.phoneFormat');
    await refuseTakenPhone(deps, auth.tenantId, auth.userId, phone);
    const { codeId } = await sendCode(deps, {
      tenantId: auth.tenantId,
      channel: 'phone',
      target: phone,
      purpose: 'change-phone',
      ip: clientIp(c),
      userId: auth.userId,
      actorId: auth.userId,
    });
    return c.json(ok({ codeId }, zhText('verify.smsSent')));
  });

  // POST my/updatePhoneWithKey — {key, phone, codeId, code}: the caller's proof and the code sent to the new phone.
  router.post('/my/updatePhoneWithKey', async (c) => {
    const auth = c.get('auth');
    const input = phoneChangeSchema.parse(await readParams(c));
    if (!PHONE_PATTERN.test(input.phone)) throw new KeyedError('verify.phoneFormat');
    const checked = await consumeCode(deps, {
      tenantId: auth.tenantId,
      codeId: input.codeId,
      channel: 'phone',
      target: input.phone,
      code: input.code,
      purpose: 'change-phone',
    });
    if (checked.userId !== auth.userId) throw new KeyedError('verify.codeInvalid');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      await ownKey(deps, auth.userId, auth.tenantId, input.key)(trx);
      await refuseTakenPhone(deps, auth.tenantId, auth.userId, input.phone, trx);
      await trx
        .updateTable('blade_user')
        .set({
          phone: normaliseTarget('phone', input.phone),
          update_user: auth.userId,
          update_time: new Date(),
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', auth.userId)
        .execute();
    });
    return c.json(success('更新成功'));
  });

  return router;
}

/** The declared calls of lib/contracts/system/my-verify.actions.ts, served from the registry at their full paths. */
export function myVerifyActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  // How the caller can sign in: the password (always), the SMS login (where the tenant has an SMS sender and the
  // account a phone; the caller may turn it off) and each bound third-party account.
  serve(myLoginMethodList, async ({ trx, auth }) => {
    const user = await ownUser(trx, auth);
    const sms = await findSmsForSending(trx, auth.tenantId);
    const bound = await trx
      .selectFrom('blade_user_oauth')
      .select(['source', 'create_time'])
      .where('tenant_id', '=', auth.tenantId)
      .where('user_id', '=', auth.userId)
      .orderBy('create_time', 'asc')
      .execute();
    return [
      { method: 'password', enabled: true, available: true, changeable: false },
      {
        method: 'sms',
        enabled: user.sms_login === 1,
        available: Boolean(sms && user.phone),
        changeable: true,
        target: maskTarget('phone', user.phone ?? ''),
      },
      ...bound.map((b) => ({
        method: 'oauth',
        source: b.source,
        enabled: true,
        available: true,
        changeable: false,
      })),
    ];
  });

  serve(myUpdateEnable, async ({ trx, auth, input }) => {
    await trx
      .updateTable('blade_user')
      .set({ sms_login: input.enable, update_user: auth.userId, update_time: new Date() })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', auth.userId)
      .execute();
    return null;
  });

  serve(myUserBaseInfo, async ({ trx, auth }) => {
    const user = await ownUser(trx, auth);
    return {
      id: String(user.id),
      account: user.account,
      realName: user.real_name,
      name: user.name,
      avatar: user.avatar,
      phone: maskTarget('phone', user.phone ?? ''),
      email: maskTarget('email', user.email ?? ''),
    };
  });

  return router;
}

async function refuseTakenPhone(
  deps: Deps,
  tenantId: string,
  userId: string,
  phone: string,
  trx?: Parameters<typeof consumeKey>[1],
) {
  const find = (db: Parameters<typeof consumeKey>[1]) =>
    db
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('phone', '=', phone)
      .where('id', '!=', userId)
      .executeTakeFirst();
  const taken = trx ? await find(trx) : await withTenant(deps.db, tenantId, find);
  if (taken) throw new KeyedError('verify.phoneTaken');
}

/** Public calls of blade-user/my for the SMS login (no token). */
export function loginCodeRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET my/checkSMSLoginEnable?tenantId= — {enabled}: the tenant has an SMS sender, so the login page offers it.
  router.get('/my/checkSMSLoginEnable', async (c) => {
    const tenantId = await publicTenant(deps, c, c.req.query('tenantId'));
    const sms = await withTenant(deps.db, tenantId, (trx) => findSmsForSending(trx, tenantId));
    return c.json(ok({ enabled: Boolean(sms) }));
  });

  // POST my/sendLoginPhoneValidateCode — {tenantId, phone} → {codeId}. The code goes only to the phone of an enabled
  // account; for any other number nothing is sent, and the answer is the same words either way (so the call does not
  // tell which numbers have accounts) — words that say exactly that.
  router.post('/my/sendLoginPhoneValidateCode', async (c) => {
    const input = loginCodeSchema.parse(await readParams(c));
    const tenantId = await publicTenant(deps, c, input.tenantId);
    if (!PHONE_PATTERN.test(input.phone)) throw new KeyedError('verify.phoneFormat');
    const user = await withTenant(deps.db, tenantId, (trx) =>
      trx
        .selectFrom('blade_user')
        .select(['id'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .where('sms_login', '=', 1)
        .where('phone', '=', input.phone)
        .executeTakeFirst(),
    );
    const { codeId } = await sendCode(deps, {
      tenantId,
      channel: 'phone',
      target: input.phone,
      purpose: 'login',
      ip: clientIp(c),
      userId: user ? String(user.id) : null,
      silent: !user,
    });
    return c.json(ok({ codeId }, zhText('verify.loginCodeSent')));
  });

  return router;
}
