import { withTenant } from '../../db/tenant';
import { addTenant, secondsAgo } from '../../testing/fixtures';
import { createHarness, SETUP_TIMEOUT, type CallResult, type Harness } from '../../testing/harness';
import { startMailReceiver, type MailReceiver } from '../../testing/mail-sms';
import { md5Hex } from '../auth/password';

/** An answer with the refusal's message key, when it has one. */
type Answer = CallResult & { errorCode?: string };

// The whole flow through the real code calls: the code is read off a loopback SMTP server, its key spent by
// insertUser; then the password is recovered by a code sent to the account's e-mail.

let h: Harness;
let mail: MailReceiver;
const T = '310001';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  mail = await startMailReceiver();
  h = await createHarness({
    mail: { url: mail.url, from: 'portal@test.local' },
    publicOrigins: ['https://customer.example.test'],
  });
  await addTenant(h.blade.db, { tenantId: T, tenantName: '客户门户', adminPassword: 't-admin-pass' });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
  await mail?.close();
}, SETUP_TIMEOUT);

async function post(path: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await h.blade.app.request(`/blade-customer/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-blade-client-ip': '10.20.0.1' },
    body: JSON.stringify({ tenantId: T, ...body }),
  });
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
}

it('registers with an e-mail code, signs in, and recovers the password by a code to that e-mail', async () => {
  const sent = await post('user/sendValidateEmail', { email: 'buyer@acme.example', purpose: 'register' });
  expect(sent.code).toBe(200);
  const code = codeIn((await mail.next('buyer@acme.example')).text);
  const checked = await post('user/ValidateEmail', {
    codeId: sent.data.codeId,
    email: 'buyer@acme.example',
    code,
    purpose: 'register',
  });
  expect(checked.code).toBe(200);
  const registered = await post('user/insertUser', {
    account: 'acme-buyer',
    password: md5Hex('first-pass'),
    realName: '王五',
    phone: '13512345678',
    email: 'buyer@acme.example',
    companyName: '南阳防爆科技有限公司',
    creditCode: '91350100M000100Y43',
    address: '河南省南阳市',
    contactName: '王五',
    contactPhone: '13512345678',
    key: checked.data.key,
  });
  expect(registered).toMatchObject({ code: 200, data: { status: 1 } });
  const token = (await h.login('acme-buyer', 'first-pass', T)).access_token;
  const company = await h.call('/blade-customer/company/selectCompanyOne', token, {});
  expect(company.data).toMatchObject({
    companyName: '南阳防爆科技有限公司',
    creditCode: '91350100M000100Y43',
  });

  const targets = await post('user/selectPhoneByCompoundPar', { account: 'acme-buyer' });
  expect(targets.data).toEqual({ phone: '135****5678', email: 'b***@acme.example' });
  // A minute later (one send per 60 s per address): the resend window is aged rather than waited for.
  await withTenant(h.blade.db, T, (trx) =>
    trx
      .updateTable('blade_rate_limit')
      .set({ window_start: secondsAgo(61) })
      .where('bucket', '=', 'verify-resend')
      .execute(),
  );
  const before = mail.mails.length;
  const recover = await post('user/sendValidateEmail', { account: 'acme-buyer', purpose: 'recover' });
  expect(recover.code).toBe(200);
  const recoverCode = codeIn((await mail.next('buyer@acme.example', before)).text);
  const recoverKey = await post('user/ValidateEmail', {
    codeId: recover.data.codeId,
    code: recoverCode,
    purpose: 'recover',
  });
  expect(recoverKey.code).toBe(200);
  const reset = await post('user/updatePassWordBykey', {
    account: 'acme-buyer',
    password: md5Hex('second-pass'),
    key: recoverKey.data.key,
  });
  expect(reset).toMatchObject({ code: 200, msg: '密码已重置，请使用新密码登录' });
  expect((await h.call('/blade-customer/company/selectCompanyOne', token, {})).status).toBe(401);
  await h.login('acme-buyer', 'second-pass', T);
  // The key was spent.
  const again = await post('user/updatePassWordBykey', {
    account: 'acme-buyer',
    password: md5Hex('third-pass'),
    key: recoverKey.data.key,
  });
  expect(again.errorCode).toBe('verify.keyInvalid');
});
