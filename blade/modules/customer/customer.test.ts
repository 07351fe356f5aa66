import { sql } from 'kysely';
import type { Deps } from '../../core/context';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, grantMenu } from '../../testing/fixtures';
import {
  harnessPerFile,
  SETUP_TIMEOUT,
  TEST_SIGNING_KEY,
  type CallResult,
  type Harness,
} from '../../testing/harness';
import { md5Hex } from '../auth/password';
import { issueKey, type VerifyChannel, type VerifyPurpose } from '../verify/verify.service';
import { creditCodeCheckChar } from '../../../lib/contracts/customer/registration';
import { CUSTOMER_USER, insertCustomerUser, PARAM_REGISTER_APPROVAL } from './customer.repository';
import { RATES } from './customer.routes';

/** An answer with the refusal's message key, when it has one. */
type Answer = CallResult & { errorCode?: string };

let h: Harness;
const A = '300001';
const B = '300002';
let adminA: string;
let adminRoleA: string;

/** issueKey digests with the signing key only: the harness's. */
const keyDeps = { settings: { jwtSigningKey: TEST_SIGNING_KEY } } as unknown as Deps;

harnessPerFile(async (made) => {
  h = made;
  const a = await addTenant(h.blade.db, {
    tenantId: A,
    tenantName: 'A 研究所',
    adminPassword: 'a-admin-pass',
  });
  await addTenant(h.blade.db, { tenantId: B, tenantName: 'B 研究所', adminPassword: 'b-admin-pass' });
  adminRoleA = a.roleId;
  adminA = (await h.login('admin', 'a-admin-pass', A)).access_token;
});

/** A key as the verify module issues it after a correct code (its own function; the code flow is verify's test). */
const keyFor = (
  tenantId: string,
  purpose: VerifyPurpose,
  channel: VerifyChannel,
  target: string,
  userId: string | null = null,
) =>
  withTenant(h.blade.db, tenantId, (trx) =>
    issueKey(keyDeps, trx, { tenantId, purpose, channel, target, userId }),
  );

let ipCounter = 0;
/** A fresh client address per test, so the address limits of one test do not reach another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A call without a token, from `ip`. */
async function pub(
  path: string,
  body: Record<string, unknown>,
  opts: { ip?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const method = opts.method ?? 'POST';
  const headers: Record<string, string> = { 'x-blade-client-ip': opts.ip ?? freshIp(), ...opts.headers };
  const url = `/blade-customer/${path}`;
  const res =
    method === 'GET'
      ? await h.blade.app.request(`${url}?${new URLSearchParams(body as Record<string, string>)}`, {
          headers,
        })
      : await h.blade.app.request(url, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
}

let serial = 0;
/** A valid credit code, different each time. */
function creditCode(): string {
  const body = `91410100${String(++serial).padStart(9, '0')}`;
  return body + creditCodeCheckChar(body);
}

/** Registration fields of a new company; `n` makes names, phones and e-mails unique. */
function registration(n: number, over: Record<string, unknown> = {}) {
  return {
    tenantId: A,
    account: `cust${n}`,
    password: md5Hex(`cust${n}-pass`),
    realName: `客户${n}`,
    phone: `139${String(n).padStart(8, '0')}`,
    email: `cust${n}@example.com`,
    companyName: `防爆电机有限公司${n}`,
    creditCode: creditCode(),
    address: '河南省南阳市',
    contactName: '张三',
    contactPhone: '0377-12345678',
    ...over,
  };
}

/** Registers with an e-mail key for the registration's own e-mail. */
async function register(n: number, over: Record<string, unknown> = {}) {
  const fields = registration(n, over);
  const key = await keyFor(String(fields.tenantId), 'register', 'email', String(fields.email));
  return { fields, result: await pub('user/insertUser', { ...fields, key }) };
}

const userRow = (tenantId: string, account: string) =>
  withTenant(h.blade.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow(),
  );

async function setParam(key: string, value: string | null) {
  await h.blade.db.deleteFrom('blade_param').where('param_key', '=', key).execute();
  if (value !== null)
    await h.blade.db
      .insertInto('blade_param')
      .values({ id: nextId(), param_name: key, param_key: key, param_value: value })
      .execute();
}

const refusal = (r: CallResult) => ({ status: r.status, code: r.code, msg: r.msg });

describe('user/insertUser', () => {
  it('registers a company and its first user, who signs in at once with the customer role', async () => {
    const { fields, result } = await register(1);
    expect(result).toMatchObject({
      status: 200,
      code: 200,
      msg: '注册成功，请登录',
      data: { account: 'cust1', status: 1 },
    });
    const user = await userRow(A, 'cust1');
    expect(user).toMatchObject({
      user_type: CUSTOMER_USER,
      status: 1,
      phone: fields.phone,
      email: fields.email,
    });
    const company = await withTenant(h.blade.db, A, (trx) =>
      trx
        .selectFrom('blade_customer_company')
        .selectAll()
        .where('id', '=', user.company_id!)
        .executeTakeFirstOrThrow(),
    );
    expect(company).toMatchObject({
      company_name: fields.companyName,
      credit_code: fields.creditCode,
      tenant_id: A,
    });
    const role = await withTenant(h.blade.db, A, (trx) =>
      trx.selectFrom('blade_role').selectAll().where('id', '=', user.role_id).executeTakeFirstOrThrow(),
    );
    expect(role).toMatchObject({ role_alias: 'customer', tenant_id: A });
    const token = (await h.login('cust1', 'cust1-pass', A)).access_token;
    // The customer role holds the customer-facing menus only: the home page and the applications' pages.
    const menus = await h.call('/blade-system/menu/routes', token);
    const paths = [...JSON.stringify(menus.data).matchAll(/"path":"([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(
      expect.arrayContaining(['/wel', '/application/myApplication', '/application/myCertificate']),
    );
    expect(paths.every((p) => p.startsWith('/wel') || p.startsWith('/application'))).toBe(true);
  });

  it('accepts a phone key for the registration phone, and one customer role per tenant', async () => {
    const fields = registration(2);
    const key = await keyFor(A, 'register', 'phone', String(fields.phone));
    expect((await pub('user/insertUser', { ...fields, key })).code).toBe(200);
    const [one, two] = await Promise.all([userRow(A, 'cust1'), userRow(A, 'cust2')]);
    expect(two.role_id).toBe(one.role_id);
    expect(two.company_id).not.toBe(one.company_id);
  });

  it('refuses bad input with the field and its text', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account: '' }, 'account:请输入账号'],
      [{ account: 'ab' }, 'account:账号长度须在4到45个字符之间'],
      [{ account: '-bad' }, 'account:账号只能由字母、数字和 _ . @ - 组成，且以字母或数字开头'],
      [{ password: 'plain-password' }, 'password:密码格式不正确'],
      [{ realName: '' }, 'realName:请输入真实姓名'],
      [{ phone: '12345' }, 'phone:请输入正确的11位手机号码'],
      [{ email: 'not-mail' }, 'email:请输入正确的邮箱地址'],
      [{ companyName: '' }, 'companyName:请输入企业名称'],
      [{ creditCode: '' }, 'creditCode:请输入统一社会信用代码'],
      [
        { creditCode: '91410100MA44XXXXXO' },
        'creditCode:统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）',
      ],
      [{ creditCode: '91350100M000100Y44' }, 'creditCode:统一社会信用代码校验位不正确，请核对'],
      [{ address: '' }, 'address:请输入企业地址'],
      [{ contactName: '' }, 'contactName:请输入联系人'],
      [{ contactPhone: 'x' }, 'contactPhone:请输入正确的联系电话'],
      [{ key: '' }, 'key:请先完成验证码校验'],
    ];
    for (const [over, msg] of cases) {
      const r = await pub('user/insertUser', { ...registration(90), key: 'k', ...over });
      expect(refusal(r)).toEqual({ status: 400, code: 400, msg });
    }
    // A known valid code passes the check digit (lower case is read as upper case).
    const ok = await register(3, { creditCode: '91350100m000100y43' });
    expect(ok.result.code).toBe(200);
  });

  it('refuses a key of another purpose, another tenant, or for another address, and creates nothing', async () => {
    const fields = registration(4);
    const recoverKey = await keyFor(A, 'recover', 'email', String(fields.email));
    const r1 = await pub('user/insertUser', { ...fields, key: recoverKey });
    expect(r1).toMatchObject({ status: 400, errorCode: 'verify.keyInvalid' });
    const otherTenant = await keyFor(B, 'register', 'email', String(fields.email));
    expect(await pub('user/insertUser', { ...fields, key: otherTenant })).toMatchObject({
      status: 400,
      errorCode: 'verify.keyInvalid',
    });
    const otherMail = await keyFor(A, 'register', 'email', 'someone-else@example.com');
    expect(await pub('user/insertUser', { ...fields, key: otherMail })).toMatchObject({
      status: 400,
      errorCode: 'customer.keyTargetMismatch',
      msg: '验证的邮箱或手机号码与填写的不一致，请重新获取验证码',
    });
    const otherPhone = await keyFor(A, 'register', 'phone', '13700000000');
    expect((await pub('user/insertUser', { ...fields, key: otherPhone })).errorCode).toBe(
      'customer.keyTargetMismatch',
    );
    const users = await withTenant(h.blade.db, A, (trx) =>
      trx.selectFrom('blade_user').select('id').where('account', '=', 'cust4').execute(),
    );
    expect(users).toHaveLength(0);
  });

  it('spends a key once', async () => {
    const fields = registration(5);
    const key = await keyFor(A, 'register', 'email', String(fields.email));
    expect((await pub('user/insertUser', { ...fields, key })).code).toBe(200);
    const again = await pub('user/insertUser', { ...registration(6, { email: fields.email }), key });
    expect(again).toMatchObject({ status: 400, errorCode: 'verify.keyInvalid' });
  });

  it('refuses a taken account, phone, company name or credit code', async () => {
    const { fields } = await register(7);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account: fields.account }, 'customer.accountTaken'],
      [{ phone: fields.phone }, 'customer.phoneTaken'],
      [{ companyName: fields.companyName }, 'customer.companyNameTaken'],
      [{ creditCode: fields.creditCode }, 'customer.creditCodeTaken'],
    ];
    for (const [over, errorCode] of cases) expect((await register(8, over)).result.errorCode).toBe(errorCode);
  });

  it('holds company name and credit code unique in the database, per tenant and among live rows', async () => {
    const code = creditCode();
    const insert = (tenantId: string, name: string, credit: string) =>
      withTenant(h.blade.db, tenantId, (trx) =>
        trx
          .insertInto('blade_customer_company')
          .values({ id: nextId(), tenant_id: tenantId, company_name: name, credit_code: credit })
          .execute(),
      );
    await insert(A, '唯一公司', code);
    await expect(insert(A, '唯一公司', creditCode())).rejects.toMatchObject({ code: '23505' });
    await expect(insert(A, '另一公司', code)).rejects.toMatchObject({ code: '23505' });
    await expect(insert(A, '格式公司', 'abc')).rejects.toMatchObject({ code: '23514' });
    await insert(B, '唯一公司', code);
    await withTenant(h.blade.db, A, (trx) =>
      trx
        .updateTable('blade_customer_company')
        .set({ is_deleted: 1 })
        .where('company_name', '=', '唯一公司')
        .execute(),
    );
    await insert(A, '唯一公司', code);
  });

  it('lets two concurrent registrations of one credit code make one company', async () => {
    const code = creditCode();
    const results = await Promise.all([
      register(9, { creditCode: code }),
      register(10, { creditCode: code }),
    ]);
    const codes = results.map((r) => r.result.errorCode ?? 'ok').sort();
    expect(codes).toEqual(['customer.creditCodeTaken', 'ok']);
  });

  it('keeps the account waiting for approval where the tenant requires it, and tells the administrators', async () => {
    await setParam(PARAM_REGISTER_APPROVAL, `999999,${A}`);
    try {
      const { result } = await register(11);
      expect(result).toMatchObject({
        code: 200,
        msg: '注册成功，请耐心等待管理员审核通过后登录',
        data: { status: 0 },
      });
      expect((await userRow(A, 'cust11')).status).toBe(0);
      expect((await h.tryLogin('cust11', 'cust11-pass', A)).status).toBe(400);
      const page = await h.call('/blade-customer/message/page?isReaded=0&size=100', adminA);
      expect(JSON.stringify(page.data.records)).toContain('客户注册待审核');
    } finally {
      await setParam(PARAM_REGISTER_APPROVAL, null);
    }
  });

  it('refuses while registration is closed', async () => {
    await setParam('account.registerUser', 'false');
    try {
      expect((await register(12)).result).toMatchObject({
        status: 400,
        errorCode: 'customer.registerClosed',
      });
    } finally {
      await setParam('account.registerUser', 'true');
    }
  });

  it('takes the tenant from the parameter, else the Tenant-Id header, and refuses a tenant that is not live', async () => {
    const fields = registration(13, { tenantId: '' });
    const key = await keyFor(B, 'register', 'email', String(fields.email));
    const r = await pub('user/insertUser', { ...fields, key }, { headers: { 'Tenant-Id': B } });
    expect(r.code).toBe(200);
    expect((await userRow(B, 'cust13')).tenant_id).toBe(B);
    const unknown = await pub(
      'user/userNameCanUse',
      { tenantId: '999999', account: 'abcd' },
      { method: 'GET' },
    );
    expect(unknown).toMatchObject({
      status: 400,
      errorCode: 'verify.tenantUnknown',
      msg: '租户不存在或已停用',
    });
    await h.blade.db.updateTable('blade_tenant').set({ status: 0 }).where('tenant_id', '=', B).execute();
    try {
      const off = await pub(
        'user/userNameCanUse',
        { account: 'abcd' },
        { method: 'GET', headers: { 'Tenant-Id': B } },
      );
      expect(off.errorCode).toBe('verify.tenantUnknown');
    } finally {
      await h.blade.db.updateTable('blade_tenant').set({ status: 1 }).where('tenant_id', '=', B).execute();
    }
  });

  it('is limited per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATES.register.limit; i++)
      expect((await pub('user/insertUser', { tenantId: A }, { ip })).msg).not.toBe(
        '请求过于频繁，请稍后再试',
      );
    expect(await pub('user/insertUser', registration(14), { ip })).toMatchObject({
      status: 400,
      msg: '请求过于频繁，请稍后再试',
    });
    expect((await pub('user/insertUser', { tenantId: A }, { ip: freshIp() })).msg).not.toBe(
      '请求过于频繁，请稍后再试',
    );
  });
});

describe('availability checks', () => {
  it('userNameCanUse says whether the account is free, and nothing else', async () => {
    await register(20);
    expect(
      (await pub('user/userNameCanUse', { tenantId: A, account: 'cust20' }, { method: 'GET' })).data,
    ).toBe(false);
    expect(
      (await pub('user/userNameCanUse', { tenantId: A, account: 'free-name' }, { method: 'GET' })).data,
    ).toBe(true);
    expect(
      (await pub('user/userNameCanUse', { tenantId: B, account: 'cust20' }, { method: 'GET' })).data,
    ).toBe(true);
    expect((await pub('user/userNameCanUse', { tenantId: A, account: '' }, { method: 'GET' })).msg).toBe(
      'account:请输入账号',
    );
  });

  it('validateUserByPhoneOrcompanyName answers each value given', async () => {
    const { fields } = await register(21);
    const r = await pub(
      'user/validateUserByPhoneOrcompanyName',
      { tenantId: A, phone: String(fields.phone), companyName: String(fields.companyName) },
      { method: 'GET' },
    );
    expect(r.data).toEqual({ phoneCanUse: false, companyNameCanUse: false });
    const free = await pub(
      'user/validateUserByPhoneOrcompanyName',
      { tenantId: A, phone: '13811112222' },
      { method: 'GET' },
    );
    expect(free.data).toEqual({ phoneCanUse: true });
    const none = await pub('user/validateUserByPhoneOrcompanyName', { tenantId: A }, { method: 'GET' });
    expect(none).toMatchObject({ status: 400, msg: 'phone:请输入手机号码' });
  });

  it('is limited per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATES.available.limit; i++)
      expect(
        (await pub('user/userNameCanUse', { tenantId: A, account: 'abcd' }, { method: 'GET', ip })).code,
      ).toBe(200);
    expect(
      (await pub('user/userNameCanUse', { tenantId: A, account: 'abcd' }, { method: 'GET', ip })).msg,
    ).toBe('请求过于频繁，请稍后再试');
  });
});

describe('password recovery', () => {
  it('selectPhoneByCompoundPar answers the masked phone and e-mail only', async () => {
    await register(30);
    const r = await pub('user/selectPhoneByCompoundPar', { tenantId: A, account: 'cust30' });
    expect(r.data).toEqual({ phone: '139****0030', email: 'c***@example.com' });
    expect(JSON.stringify(r)).not.toContain('13900000030');
    expect(JSON.stringify(r)).not.toContain('cust30@');
    for (const account of ['nobody', 'admin'])
      expect(await pub('user/selectPhoneByCompoundPar', { tenantId: A, account })).toMatchObject({
        status: 400,
        errorCode: 'customer.recoverUnknown',
      });
  });

  it('updatePassWordBykey sets the password with a recover key of the account and ends its sessions', async () => {
    const { fields } = await register(31);
    const user = await userRow(A, 'cust31');
    const before = (await h.login('cust31', 'cust31-pass', A)).access_token;
    const key = await keyFor(A, 'recover', 'phone', String(fields.phone), user.id);
    const r = await pub('user/updatePassWordBykey', {
      tenantId: A,
      account: 'cust31',
      password: md5Hex('new-pass-31'),
      key,
    });
    expect(r).toMatchObject({ code: 200, msg: '密码已重置，请使用新密码登录' });
    expect((await h.call('/blade-customer/company/selectCompanyOne', before, {})).status).toBe(401);
    expect((await h.tryLogin('cust31', 'cust31-pass', A)).status).toBe(400);
    await h.login('cust31', 'new-pass-31', A);
  });

  it('refuses a register key, another account key or another address', async () => {
    const { fields } = await register(32);
    const { fields: other } = await register(33);
    const user = await userRow(A, 'cust32');
    const otherUser = await userRow(A, 'cust33');
    const body = { tenantId: A, account: 'cust32', password: md5Hex('x') };
    const registerKey = await keyFor(A, 'register', 'email', String(fields.email));
    expect((await pub('user/updatePassWordBykey', { ...body, key: registerKey })).errorCode).toBe(
      'verify.keyInvalid',
    );
    const othersKey = await keyFor(A, 'recover', 'email', String(other.email), otherUser.id);
    expect((await pub('user/updatePassWordBykey', { ...body, key: othersKey })).errorCode).toBe(
      'customer.keyTargetMismatch',
    );
    const wrongAddress = await keyFor(A, 'recover', 'email', 'x@example.com', user.id);
    expect((await pub('user/updatePassWordBykey', { ...body, key: wrongAddress })).errorCode).toBe(
      'customer.keyTargetMismatch',
    );
    await h.login('cust32', 'cust32-pass', A);
  });
  it('is limited per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATES.recoverLookup.limit; i++)
      expect(
        (await pub('user/selectPhoneByCompoundPar', { tenantId: A, account: 'nobody' }, { ip })).errorCode,
      ).toBe('customer.recoverUnknown');
    expect((await pub('user/selectPhoneByCompoundPar', { tenantId: A, account: 'cust30' }, { ip })).msg).toBe(
      '请求过于频繁，请稍后再试',
    );
    for (let i = 0; i < RATES.recover.limit; i++)
      await pub('user/updatePassWordBykey', { tenantId: A, account: 'nobody' }, { ip });
    expect((await pub('user/updatePassWordBykey', { tenantId: A, account: 'cust30' }, { ip })).msg).toBe(
      '请求过于频繁，请稍后再试',
    );
  });
});

describe('company accounts of signed-in users', () => {
  let one: { token: string; userId: string; companyId: string };
  let two: { token: string; userId: string; companyId: string };
  let colleague: string;
  let inB: { token: string; userId: string; companyId: string };

  async function customer(n: number, tenantId = A) {
    await register(n, { tenantId });
    const user = await userRow(tenantId, `cust${n}`);
    const token = (await h.login(`cust${n}`, `cust${n}-pass`, tenantId)).access_token;
    return { token, userId: user.id, companyId: user.company_id! };
  }

  beforeAll(async () => {
    one = await customer(40);
    two = await customer(41);
    inB = await customer(42, B);
    const { role_id: roleId } = await userRow(A, 'cust40');
    colleague = await withTenant(h.blade.db, A, async (trx) =>
      insertCustomerUser(trx, A, {
        account: 'colleague40',
        passwordHash: 'x',
        realName: '同事',
        phone: '13600000040',
        email: 'colleague40@example.com',
        companyId: one.companyId,
        roleId,
        status: 1,
      }),
    );
  }, SETUP_TIMEOUT);

  it('selectUserById: a customer reads the users of their own company only', async () => {
    const own = await h.call('/blade-customer/user/selectUserById', one.token, { id: colleague });
    expect(own).toMatchObject({ code: 200, data: { account: 'colleague40', companyId: one.companyId } });
    expect(own.data.password).toBeUndefined();
    for (const id of [two.userId, inB.userId, '123'])
      expect((await h.call('/blade-customer/user/selectUserById', one.token, { id })).status).toBe(404);
    expect((await h.call('/blade-customer/user/selectUserById', inB.token, { id: one.userId })).status).toBe(
      404,
    );
    expect((await h.call('/blade-customer/user/selectUserById', one.token, { id: 'x' })).msg).toBe(
      'id:必须是有效的ID',
    );
  });

  it('selectUserById: staff need the user page, and see their tenant only', async () => {
    expect((await h.call('/blade-customer/user/selectUserById', adminA, { id: one.userId })).status).toBe(
      403,
    );
    await grantMenu(h.blade.db, A, adminRoleA, 'user');
    await h.call('/blade-auth/oauth/clear-cache', adminA);
    const r = await h.call('/blade-customer/user/selectUserById', adminA, { id: one.userId });
    expect(r).toMatchObject({ code: 200, data: { account: 'cust40' } });
    expect((await h.call('/blade-customer/user/selectUserById', adminA, { id: inB.userId })).status).toBe(
      404,
    );
  });

  it('company/selectCompanyOne answers the caller’s own company, never another', async () => {
    const r = await h.call('/blade-customer/company/selectCompanyOne', one.token, {});
    expect(r).toMatchObject({
      code: 200,
      data: { id: one.companyId, companyName: '防爆电机有限公司40', tenantId: A },
    });
    expect(
      (await h.call('/blade-customer/company/selectCompanyOne', one.token, { id: two.companyId })).status,
    ).toBe(404);
    expect((await h.call('/blade-customer/company/selectCompanyOne', two.token, {})).data.id).toBe(
      two.companyId,
    );
    const staff = await h.call('/blade-customer/company/selectCompanyOne', adminA, { id: two.companyId });
    expect(staff.data.id).toBe(two.companyId);
    expect(
      (await h.call('/blade-customer/company/selectCompanyOne', adminA, { id: inB.companyId })).status,
    ).toBe(404);
  });

  it('standards/selectStandardsVoByGroupName answers the GB/T 3836 series, grouped', async () => {
    const all = await h.call('/blade-customer/standards/selectStandardsVoByGroupName', one.token, {});
    const group = (
      all.data as Array<{ groupName: string; standards: Array<{ code: string; name: string }> }>
    ).find((g) => g.groupName === 'GB/T 3836 防爆电气设备');
    expect(group?.standards.map((s) => s.code)).toEqual([
      'GB/T 3836.1-2021',
      'GB/T 3836.2-2021',
      'GB/T 3836.3-2021',
      'GB/T 3836.4-2021',
      'GB/T 3836.5-2021',
      'GB/T 3836.8-2021',
      'GB/T 3836.9-2021',
      'GB/T 3836.31-2021',
    ]);
    const named = await h.call('/blade-customer/standards/selectStandardsVoByGroupName', one.token, {
      groupName: 'GB/T 3836 防爆电气设备',
    });
    expect(named.data).toHaveLength(1);
    const none = await h.call('/blade-customer/standards/selectStandardsVoByGroupName', one.token, {
      groupName: 'x',
    });
    expect(none.data).toEqual([]);
    expect(
      (
        await h.blade.app.request('/blade-customer/standards/selectStandardsVoByGroupName', {
          method: 'POST',
        })
      ).status,
    ).toBe(401);
  });

  it('keeps the customer phone unique among customer users in the database', async () => {
    await expect(
      withTenant(h.blade.db, A, async (trx) =>
        insertCustomerUser(trx, A, {
          account: 'dup-phone',
          passwordHash: 'x',
          realName: 'x',
          phone: '13600000040',
          email: '',
          companyId: two.companyId,
          roleId: '1',
          status: 1,
        }),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    // Staff rows made before keep their phones, duplicates included.
    const staff = await withTenant(h.blade.db, A, (trx) =>
      sql<{ n: string }>`select count(*) as n from blade_user where phone = '13600000040'`.execute(trx),
    );
    expect(staff.rows[0].n).toBe('1');
  });
});
