import { sql } from 'kysely';
import { withTenant } from '../../db/tenant';
import type { Deps } from '../../core/context';
import {
  ADMIN_PASSWORD,
  createHarness,
  PLATFORM,
  SETUP_TIMEOUT,
  TEST_SIGNING_KEY,
  type Harness,
} from '../../testing/harness';
import {
  startMailReceiver,
  startSmsReceiver,
  type MailReceiver,
  type SmsReceiver,
} from '../../testing/mail-sms';
import { md5Hex } from '../auth/password';
import { addUserInRole } from '../../testing/fixtures';
import { consumeKey, CODE_MAX_TRIES } from './verify.service';

// Codes go out through a real SMTP server and an SMS vendor's HTTP API, both on loopback; the tests read them from
// there. Each test uses its own addresses, because the per-address limits (one a minute) outlive a test.

let h: Harness;
let mail: MailReceiver;
let sms: SmsReceiver;
let admin: string;
let seq = 0;
const ip = () => `10.9.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`;

async function post(path: string, body: Record<string, unknown>, clientIp = ip()) {
  const res = await h.blade.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-blade-client-ip': clientIp },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk answers freely
  return { status: res.status, ...((await res.json()) as any) };
}

/** consumeKey reads only the signing key of its deps (the keys' HMAC). */
const keyDeps = { settings: { jwtSigningKey: TEST_SIGNING_KEY } } as unknown as Deps;

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  mail = await startMailReceiver();
  sms = await startSmsReceiver();
  h = await createHarness({
    mail: { url: mail.url, from: 'portal@test.local' },
    publicOrigins: ['https://customer.example.test'],
    outbound: { allowedHosts: [sms.host] },
  });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  const saved = await h.call('/blade-resource/sms/submit', admin, {
    smsCode: 'verify',
    category: 1,
    templateId: 'tpl-code',
    accessKey: 'account',
    secretKey: sms.apikey,
    signName: '检测中心',
    endpoint: sms.endpoint,
  });
  expect(saved).toMatchObject({ code: 200 });
  const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx.selectFrom('blade_sms').select('id').where('sms_code', '=', 'verify').executeTakeFirstOrThrow(),
  );
  expect(await h.call(`/blade-resource/sms/enable?id=${row.id}`, admin, {})).toMatchObject({ code: 200 });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await mail?.close();
  await sms?.close();
}, SETUP_TIMEOUT);

describe('e-mail codes', () => {
  it('sends a 6-digit code by SMTP and exchanges it once for a key that one call can spend', async () => {
    const sent = await post('/blade-customer/user/sendValidateEmail', { email: 'New.Person@Example.com' });
    expect(sent).toMatchObject({ code: 200, msg: '验证码已发送到邮箱' });
    const received = await mail.next('new.person@example.com');
    expect(received.subject).toBe('验证码 / Verification code');
    const code = codeIn(received.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(received.text).toContain('5分钟内有效');
    expect(received.text).toContain('valid for 5 minutes');

    const checked = await post('/blade-customer/user/ValidateEmail', {
      codeId: sent.data.codeId,
      email: 'new.person@example.com',
      code,
    });
    expect(checked).toMatchObject({ code: 200 });
    expect(checked.data.key).toMatch(/^[0-9a-f]{64}$/);
    // Single use: the same code again is refused.
    const again = await post('/blade-customer/user/ValidateEmail', {
      codeId: sent.data.codeId,
      email: 'new.person@example.com',
      code,
    });
    expect(again).toMatchObject({ code: 400, errorCode: 'verify.codeInvalid' });

    const spend = (purpose: 'register' | 'recover' = 'register') =>
      withTenant(h.blade.db, PLATFORM, (trx) =>
        consumeKey(keyDeps, trx, { tenantId: PLATFORM, key: checked.data.key, purpose }),
      );
    await expect(spend('recover')).rejects.toMatchObject({ errorCode: 'verify.keyInvalid' });
    await expect(spend()).resolves.toEqual({
      channel: 'email',
      target: 'new.person@example.com',
      userId: null,
    });
    await expect(spend()).rejects.toMatchObject({ errorCode: 'verify.keyInvalid' });
  });

  it('counts wrong codes: five tries, then the code is dead even when right', async () => {
    const sent = await post('/blade-customer/user/sendValidateEmail', { email: 'tries@example.com' });
    const code = codeIn((await mail.next('tries@example.com')).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = CODE_MAX_TRIES - 1; left >= 1; left--) {
      const answer = await post('/blade-customer/user/ValidateEmail', {
        codeId: sent.data.codeId,
        email: 'tries@example.com',
        code: wrong,
      });
      expect(answer).toMatchObject({
        code: 400,
        errorCode: 'verify.codeWrong',
        msg: `验证码错误，还可尝试${left}次`,
      });
    }
    const fifth = await post('/blade-customer/user/ValidateEmail', {
      codeId: sent.data.codeId,
      email: 'tries@example.com',
      code: wrong,
    });
    expect(fifth).toMatchObject({ code: 400, errorCode: 'verify.codeInvalid' });
    const right = await post('/blade-customer/user/ValidateEmail', {
      codeId: sent.data.codeId,
      email: 'tries@example.com',
      code,
    });
    expect(right).toMatchObject({ code: 400, errorCode: 'verify.codeInvalid' });
  });

  it('refuses a code for another address, another purpose, or past its five minutes', async () => {
    const sent = await post('/blade-customer/user/sendValidateEmail', { email: 'expiry@example.com' });
    const code = codeIn((await mail.next('expiry@example.com')).text);
    expect(
      await post('/blade-customer/user/ValidateEmail', {
        codeId: sent.data.codeId,
        email: 'other@example.com',
        code,
      }),
    ).toMatchObject({ code: 400, errorCode: 'verify.codeInvalid' });
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .updateTable('blade_verify_code')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('id', '=', sent.data.codeId)
        .execute(),
    );
    expect(
      await post('/blade-customer/user/ValidateEmail', {
        codeId: sent.data.codeId,
        email: 'expiry@example.com',
        code,
      }),
    ).toMatchObject({ code: 400, errorCode: 'verify.codeInvalid' });
  });

  it('sends one code a minute per address and caps a client address per day', async () => {
    expect(
      await post('/blade-customer/user/sendValidateEmail', { email: 'often@example.com' }),
    ).toMatchObject({ code: 200 });
    const before = mail.mails.length;
    expect(
      await post('/blade-customer/user/sendValidateEmail', { email: 'often@example.com' }),
    ).toMatchObject({
      code: 400,
      errorCode: 'verify.tooSoon',
    });
    expect(mail.mails.length).toBe(before);

    const client = '10.200.0.1';
    for (let i = 0; i < 30; i++)
      expect(
        await post('/blade-customer/user/sendValidateEmail', { email: `cap${i}@example.com` }, client),
      ).toMatchObject({ code: 200 });
    expect(
      await post('/blade-customer/user/sendValidateEmail', { email: 'cap30@example.com' }, client),
    ).toMatchObject({
      code: 400,
      errorCode: 'verify.clientDaily',
    });
  });

  it("says an address is taken for a registration, and for a recovery sends to the account's own address", async () => {
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .updateTable('blade_user')
        .set({ email: 'Admin@Example.com', phone: '13900000001' })
        .where('account', '=', 'admin')
        .execute(),
    );
    expect(
      await post('/blade-customer/user/sendValidateEmail', { email: 'admin@example.com' }),
    ).toMatchObject({
      code: 400,
      errorCode: 'verify.emailTaken',
    });
    const sent = await post('/blade-customer/user/sendValidateEmail', {
      purpose: 'recover',
      account: 'admin',
    });
    expect(sent).toMatchObject({ code: 200 });
    expect(JSON.stringify(sent)).not.toContain('example.com');
    const code = codeIn((await mail.next('admin@example.com')).text);
    const checked = await post('/blade-customer/user/ValidateEmail', {
      purpose: 'recover',
      codeId: sent.data.codeId,
      code,
    });
    expect(checked).toMatchObject({ code: 200 });
    expect(
      await post('/blade-customer/user/sendValidateEmail', { purpose: 'recover', account: 'nobody-here' }),
    ).toMatchObject({ code: 400, errorCode: 'verify.noEmail' });
  });
});

describe('phone codes', () => {
  it("sends the code through the tenant's SMS vendor and checks it", async () => {
    const since = sms.texts.length;
    const sent = await post('/blade-customer/user/sendValidateNew', { phone: '13812340001' });
    expect(sent).toMatchObject({ code: 200, msg: '验证码已发送到手机' });
    const text = await sms.next('13812340001', since);
    expect(text.templateId).toBe('tpl-code');
    expect(text.params.code).toMatch(/^\d{6}$/);
    const checked = await post('/blade-customer/user/ValidateNew', {
      codeId: sent.data.codeId,
      phone: '13812340001',
      code: text.params.code,
    });
    expect(checked).toMatchObject({ code: 200 });
    expect(checked.data.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never says sent when the vendor refused, and the unsent code cannot be used', async () => {
    sms.refuse(true);
    try {
      const sent = await post('/blade-customer/user/sendValidate', { phone: '13812340002' });
      expect(sent).toMatchObject({ code: 400, errorCode: 'verify.smsFailed' });
      expect(sent.msg).toContain('短信发送失败');
      const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
        trx
          .selectFrom('blade_verify_code')
          .select(['used_at'])
          .where('target', '=', '13812340002')
          .executeTakeFirstOrThrow(),
      );
      expect(row.used_at).not.toBeNull();
    } finally {
      sms.refuse(false);
    }
  });

  it('refuses a bad phone number in words', async () => {
    expect(await post('/blade-customer/user/sendValidate', { phone: '12345' })).toMatchObject({
      code: 400,
      errorCode: 'verify.phoneFormat',
      msg: '手机号码格式不正确',
    });
  });
});

describe("the caller's own proofs (blade-user/my)", () => {
  let token: string;
  beforeAll(async () => {
    const db = h.blade.db;
    await addUserInRole(db, PLATFORM, { account: 'prover', roleAlias: 'user', password: 'prover-pass' });
    await withTenant(db, PLATFORM, (trx) =>
      trx
        .updateTable('blade_user')
        .set({ phone: '13812349999', email: 'prover@example.com' })
        .where('account', '=', 'prover')
        .execute(),
    );
    token = (await h.login('prover', 'prover-pass')).access_token;
  }, SETUP_TIMEOUT);

  it('names the ways to prove who one is, with the addresses masked', async () => {
    const ways = await h.call('/blade-user/my/keyForValidate', token);
    expect(ways.data).toEqual({
      methods: ['password', 'phone', 'email'],
      phone: '138****9999',
      email: 'pr***@example.com',
    });
    const base = await h.call('/blade-user/my/userBaseInfo', token);
    expect(base.data).toMatchObject({ account: 'prover', phone: '138****9999', email: 'pr***@example.com' });
  });

  it('sets a new password with a key from the password, once; the old password stops working', async () => {
    expect(
      await h.call('/blade-user/my/validatePassword', token, { password: md5Hex('wrong') }),
    ).toMatchObject({
      code: 400,
      msg: '原密码不正确!',
    });
    const proof = await h.call('/blade-user/my/validatePassword', token, { password: md5Hex('prover-pass') });
    expect(proof.data.key).toMatch(/^[0-9a-f]{64}$/);
    const change = {
      key: proof.data.key,
      newPassword: md5Hex('prover-new'),
      newPassword1: md5Hex('prover-new'),
    };
    expect(await h.call('/blade-user/my/updatePasswordWithKey', token, change)).toMatchObject({ code: 200 });
    expect(await h.call('/blade-user/my/updatePasswordWithKey', token, change)).toMatchObject({
      code: 400,
      errorCode: 'verify.keyInvalid',
    });
    expect((await h.tryLogin('prover', 'prover-pass')).status).toBe(400);
    token = (await h.login('prover', 'prover-new')).access_token;
    // Another user's key is not this user's proof.
    const adminKey = await h.call('/blade-user/my/validatePassword', admin, {
      password: md5Hex(ADMIN_PASSWORD),
    });
    expect(
      await h.call('/blade-user/my/updatePasswordWithKey', token, { ...change, key: adminKey.data.key }),
    ).toMatchObject({ code: 400, errorCode: 'verify.keyInvalid' });
  });

  it('changes the phone with a proof by the old phone and the code sent to the new one', async () => {
    let since = sms.texts.length;
    const sent = await h.call('/blade-user/my/sendPhoneValidateCode', token, {});
    const own = await sms.next('13812349999', since);
    const proof = await h.call('/blade-user/my/validatePhoneCode', token, {
      codeId: sent.data.codeId,
      code: own.params.code,
    });
    expect(proof).toMatchObject({ code: 200 });
    expect(
      await h.call('/blade-user/my/sendNewPhoneValidateCode', token, { phone: '13900000001' }),
    ).toMatchObject({
      code: 400,
      errorCode: 'verify.phoneTaken',
    });
    since = sms.texts.length;
    const fresh = await h.call('/blade-user/my/sendNewPhoneValidateCode', token, { phone: '13812348888' });
    const text = await sms.next('13812348888', since);
    const wrongCode = text.params.code === '000000' ? '111111' : '000000';
    const change = { key: proof.data.key, phone: '13812348888', codeId: fresh.data.codeId };
    expect(
      await h.call('/blade-user/my/updatePhoneWithKey', token, { ...change, code: wrongCode }),
    ).toMatchObject({
      code: 400,
      errorCode: 'verify.codeWrong',
    });
    expect(
      await h.call('/blade-user/my/updatePhoneWithKey', token, { ...change, code: text.params.code }),
    ).toMatchObject({
      code: 200,
    });
    const base = await h.call('/blade-user/my/userBaseInfo', token);
    expect(base.data.phone).toBe('138****8888');
  });

  it('sends an SMS login code only to a number with an account, answering alike for any number', async () => {
    const enabled = await h.blade.app.request('/blade-user/my/checkSMSLoginEnable');
    expect(await enabled.json()).toMatchObject({ data: { enabled: true } });
    // A minute passes: the phone-change code of the test before went to the same number.
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.deleteFrom('blade_rate_limit').where('bucket', '=', 'verify-resend').execute(),
    );
    const since = sms.texts.length;
    const unknown = await post('/blade-user/my/sendLoginPhoneValidateCode', { phone: '13700000000' });
    const known = await post('/blade-user/my/sendLoginPhoneValidateCode', { phone: '13812348888' });
    expect(unknown.msg).toBe(known.msg);
    expect(unknown).toMatchObject({ code: 200 });
    expect(unknown.data.codeId).toMatch(/^\d+$/);
    const text = await sms.next('13812348888', since);
    expect(sms.texts.slice(since).map((t) => t.mobile)).toEqual(['13812348888']);

    // The sms grant of the token call: a wrong code costs a try, the right one logs in once.
    const grant = async (params: Record<string, string>) => {
      const res = await h.token({ grant_type: 'sms', tenantId: PLATFORM, ...params });
      return { status: res.status, ...((await res.json()) as Record<string, unknown>) };
    };
    const wrong = text.params.code === '000000' ? '111111' : '000000';
    expect(await grant({ codeId: known.data.codeId, phone: '13812348888', code: wrong })).toMatchObject({
      status: 400,
      error_description: '验证码错误，还可尝试4次',
    });
    const ok = await grant({ codeId: known.data.codeId, phone: '13812348888', code: text.params.code });
    expect(ok).toMatchObject({ status: 200, account: 'prover' });
    expect(
      await grant({ codeId: known.data.codeId, phone: '13812348888', code: text.params.code }),
    ).toMatchObject({
      status: 400,
      error_description: '验证码无效或已过期，请重新获取',
    });
    // The unknown number's code was never sent, and even its right digits would name no one.
    const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_verify_code')
        .select(['user_id'])
        .where('id', '=', unknown.data.codeId)
        .executeTakeFirstOrThrow(),
    );
    expect(row.user_id).toBeNull();
    expect(await grant({ codeId: unknown.data.codeId, phone: '13700000000', code: '123456' })).toMatchObject({
      status: 400,
    });
  });

  it('refuses the WeChat binding calls in words', async () => {
    for (const call of ['checkWXCode', 'bindingWX'])
      expect(await h.call(`/blade-user/my/${call}`, token, { code: 'x' })).toMatchObject({
        code: 400,
        errorCode: 'verify.wechatBindingNotServed',
      });
  });

  it('lists the login methods and lets the owner turn the SMS login off, after which no code goes out', async () => {
    const methods = await h.call('/blade-user/my/loginMethodList', token);
    expect(methods.data).toEqual([
      { method: 'password', enabled: true, available: true, changeable: false },
      { method: 'sms', enabled: true, available: true, changeable: true, target: '138****8888' },
    ]);
    expect(
      await h.call('/blade-user/my/updateEable', token, { method: 'password', enable: 0 }),
    ).toMatchObject({
      code: 400,
      msg: 'method:只能开启或关闭短信登录',
      errorCode: 'verify.methodFixed',
    });
    expect(await h.call('/blade-user/my/updateEable', token, { method: 'sms', enable: 2 })).toMatchObject({
      code: 400,
      msg: 'enable:enable 只能是 0 或 1',
      errorCode: 'verify.enableInvalid',
    });
    expect(await h.call('/blade-user/my/updateEable', token, { method: 'sms', enable: 0 })).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect((await h.call('/blade-user/my/loginMethodList', token)).data[1]).toMatchObject({ enabled: false });
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.deleteFrom('blade_rate_limit').where('bucket', '=', 'verify-resend').execute(),
    );
    const since = sms.texts.length;
    const sent = await post('/blade-user/my/sendLoginPhoneValidateCode', { phone: '13812348888' });
    expect(sent).toMatchObject({ code: 200 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sms.texts.length).toBe(since);
    expect(await h.call('/blade-user/my/updateEable', token, { method: 'sms', enable: 1 })).toMatchObject({
      code: 200,
    });
  });
});

describe('without providers', () => {
  let bare: Harness;
  beforeAll(async () => {
    bare = await createHarness();
  }, SETUP_TIMEOUT);
  afterAll(async () => bare?.close(), SETUP_TIMEOUT);

  it('says mail and SMS cannot be sent, and writes no code', async () => {
    const ask = async (path: string, body: Record<string, unknown>) => {
      const res = await bare.blade.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json();
    };
    expect(await ask('/blade-customer/user/sendValidateEmail', { email: 'x@example.com' })).toMatchObject({
      code: 400,
      errorCode: 'verify.mailUnavailable',
      msg: '未配置邮件服务，邮件无法发送',
    });
    expect(await ask('/blade-customer/user/sendValidate', { phone: '13812340003' })).toMatchObject({
      code: 400,
      errorCode: 'verify.smsUnavailable',
    });
    const codes = await withTenant(bare.blade.db, PLATFORM, (trx) =>
      trx.selectFrom('blade_verify_code').select('id').execute(),
    );
    expect(codes).toHaveLength(0);
  });

  it('says the SMS login is off and refuses a binding link without a mail server', async () => {
    const res = await bare.blade.app.request('/blade-user/my/checkSMSLoginEnable');
    expect(await res.json()).toMatchObject({ data: { enabled: false } });
    const adminToken = (await bare.login('admin', ADMIN_PASSWORD)).access_token;
    expect(
      await bare.call('/blade-user/my/sendEmailBindingLink', adminToken, { email: 'someone@example.com' }),
    ).toMatchObject({ code: 400, errorCode: 'verify.mailUnavailable' });
  });

  it('refuses an unknown tenant', async () => {
    const res = await bare.blade.app.request('/blade-customer/user/sendValidateEmail', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: '999999', email: 'x@example.com' }),
    });
    expect(await res.json()).toMatchObject({ code: 400, errorCode: 'verify.tenantUnknown' });
  });
});
