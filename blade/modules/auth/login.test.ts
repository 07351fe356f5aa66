import { sql } from 'kysely';
import { md5Hex } from './password';
import { addRole, addTenant, addUser, deptIds, roleIdByAlias, secondsAgo } from '../../testing/fixtures';
import {
  ADMIN_PASSWORD,
  basicHeader,
  harnessPerFile,
  PLATFORM,
  TEST_CLIENT,
  type Harness,
} from '../../testing/harness';

let h: Harness;
let depts: string[];
let userRole: string;
let adminRole: string;

harnessPerFile(async (made) => {
  h = made;
  depts = await deptIds(h.blade.db, PLATFORM);
  userRole = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
  adminRole = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
  await addUser(h.blade.db, PLATFORM, {
    account: 'multi',
    password: 'multi-pass',
    roleIds: [userRole, adminRole],
    deptIds: [depts[1], depts[2]],
  });
  await addUser(h.blade.db, PLATFORM, {
    account: 'victim',
    password: 'victim-pass',
    roleIds: [userRole],
    deptIds: [depts[0]],
  });
  await addUser(h.blade.db, PLATFORM, {
    account: 'target',
    password: 'target-pass',
    roleIds: [userRole],
    deptIds: [depts[0]],
  });
  await addUser(h.blade.db, PLATFORM, {
    account: 'disabled',
    password: 'disabled-pass',
    roleIds: [userRole],
    deptIds: [depts[0]],
    status: 0,
  });
  await addTenant(h.blade.db, {
    tenantId: '300001',
    tenantName: '过期公司',
    adminPassword: 'expired-pass',
    expireTime: new Date(Date.now() - 86400_000),
  });
});

const error = async (res: Response) =>
  ((await res.json()) as { error_description: string; error_code: number; code: number }).error_description;

describe('captcha grant', () => {
  it('logs the admin in and answers the flat BladeX body', async () => {
    const body = await h.login('admin', ADMIN_PASSWORD);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: PLATFORM,
      account: 'admin',
      user_name: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
      role_id: adminRole,
      dept_id: depts[0],
      oauth_id: '',
      detail: { type: 'web' },
      license: 'powered by bladex',
    });
    expect(body.user_id).toMatch(/^\d+$/);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it('serves captchas as SVG data URLs without the answer', async () => {
    const res = await h.blade.app.request('/blade-auth/oauth/captcha');
    const { data } = (await res.json()) as { data: { key: string; image: string } };
    expect(data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const { answer } = await h.captcha();
    expect(Buffer.from(data.image.split(',')[1], 'base64').toString()).not.toContain(answer.toUpperCase());
  });

  it('accepts the captcha code in any case', async () => {
    const { key, answer } = await h.captcha();
    const res = await h.token(
      { grant_type: 'captcha', tenantId: PLATFORM, username: 'admin', password: md5Hex(ADMIN_PASSWORD) },
      { 'Captcha-Key': key, 'Captcha-Code': answer.toUpperCase() },
    );
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 用户名或密码错误', async () => {
    const res = await h.tryLogin('admin', 'wrong-password');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 400, error_description: '用户名或密码错误' });
  });

  it('refuses an unknown account and an unknown tenant the same way', async () => {
    expect(await error(await h.tryLogin('nobody', 'x'))).toBe('用户名或密码错误');
    expect(await error(await h.tryLogin('admin', ADMIN_PASSWORD, '999999'))).toBe('用户名或密码错误');
  });

  const captchaLogin = (headers: Record<string, string>) =>
    h.token(
      { grant_type: 'captcha', tenantId: PLATFORM, username: 'admin', password: md5Hex(ADMIN_PASSWORD) },
      headers,
    );

  it('refuses a wrong, missing, reused or expired captcha', async () => {
    const wrong = await h.captcha();
    expect(await error(await captchaLogin({ 'Captcha-Key': wrong.key, 'Captcha-Code': 'zzzzz' }))).toBe(
      '验证码不正确',
    );
    // A wrong guess burns the captcha: the right answer no longer works either.
    expect(await error(await captchaLogin({ 'Captcha-Key': wrong.key, 'Captcha-Code': wrong.answer }))).toBe(
      '验证码不正确',
    );

    expect(await error(await captchaLogin({}))).toBe('验证码不正确');

    const used = await h.captcha();
    expect((await captchaLogin({ 'Captcha-Key': used.key, 'Captcha-Code': used.answer })).status).toBe(200);
    expect(await error(await captchaLogin({ 'Captcha-Key': used.key, 'Captcha-Code': used.answer }))).toBe(
      '验证码不正确',
    );

    const old = await h.captcha();
    await h.blade.db
      .updateTable('blade_captcha')
      .set({ expires_at: secondsAgo(1) })
      .where('key', '=', old.key)
      .execute();
    expect(await error(await captchaLogin({ 'Captcha-Key': old.key, 'Captcha-Code': old.answer }))).toBe(
      '验证码不正确',
    );
  });

  it('stores captchas for at most five minutes', async () => {
    const { key } = await h.captcha();
    const { rows } = await sql<{ seconds: number }>`
      select extract(epoch from expires_at - now())::int as seconds from blade_captcha where key = ${key}`.execute(
      h.blade.db,
    );
    expect(rows[0].seconds).toBeGreaterThan(250);
    expect(rows[0].seconds).toBeLessThanOrEqual(300);
  });
});

describe('grant and client checks', () => {
  it('refuses the password grant while captcha mode is on', async () => {
    const res = await h.token({
      grant_type: 'password',
      tenantId: PLATFORM,
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
    });
    expect(res.status).toBe(400);
    expect(await error(res)).toContain('验证码');
    const implicit = await h.token({
      tenantId: PLATFORM,
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
    });
    expect(implicit.status).toBe(400);
  });

  it('refuses an unknown grant type', async () => {
    const res = await h.token({ grant_type: 'client_credentials' });
    expect(res.status).toBe(400);
    expect(await error(res)).toBe('不支持的授权类型');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a Bearer header', 'Bearer abc'],
    ['a wrong secret', basicHeader(TEST_CLIENT.clientId, 'wrong-secret-value')],
    ['an unknown client', basicHeader('saber', 'saber_secret')],
    ['undecodable base64', 'Basic !!!'],
  ])('answers 401 with body code 401 for %s', async (_name, authorization) => {
    const { key, answer } = await h.captcha();
    const headers: Record<string, string> = { 'Captcha-Key': key, 'Captcha-Code': answer };
    const res = await h.blade.app.request(
      `/blade-auth/oauth/token?grant_type=captcha&tenantId=${PLATFORM}&username=admin&password=${md5Hex(ADMIN_PASSWORD)}`,
      { method: 'POST', headers: authorization ? { ...headers, Authorization: authorization } : headers },
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, error_code: 401 });
  });

  it('tolerates Basic%20 as the scheme separator', async () => {
    const { key, answer } = await h.captcha();
    const res = await h.token(
      { grant_type: 'captcha', tenantId: PLATFORM, username: 'admin', password: md5Hex(ADMIN_PASSWORD) },
      { Authorization: h.basic.replace(' ', '%20'), 'Captcha-Key': key, 'Captcha-Code': answer },
    );
    expect(res.status).toBe(200);
  });

  it('takes the tenant from the Tenant-Id header over the tenantId parameter', async () => {
    const { key, answer } = await h.captcha();
    const res = await h.token(
      { grant_type: 'captcha', tenantId: '999999', username: 'admin', password: md5Hex(ADMIN_PASSWORD) },
      { 'Tenant-Id': PLATFORM, 'Captcha-Key': key, 'Captcha-Code': answer },
    );
    expect(res.status).toBe(200);
  });
});

describe('dept and role selection', () => {
  it('gives all roles and depts without a selection', async () => {
    const body = await h.login('multi', 'multi-pass');
    expect(body.role_id.split(',').sort()).toEqual([userRole, adminRole].sort());
    expect(body.dept_id.split(',').sort()).toEqual([depts[1], depts[2]].sort());
  });

  it('narrows the token to the selected role and dept', async () => {
    const body = await h.login('multi', 'multi-pass', { roleId: userRole, deptId: depts[2] });
    expect(body).toMatchObject({ role_id: userRole, role_name: 'user', dept_id: depts[2] });
    const routes = await h.authed('/blade-system/param/list', { token: body.access_token });
    expect(routes.status).toBe(403);
  });

  it('refuses a role or dept the user does not hold', async () => {
    const otherRole = await addRole(h.blade.db, PLATFORM, { name: '其他', alias: 'other' });
    expect(await error(await h.tryLogin('multi', 'multi-pass', { roleId: otherRole }))).toBe(
      '当前用户不拥有所选角色',
    );
    expect(await error(await h.tryLogin('multi', 'multi-pass', { deptId: depts[0] }))).toBe(
      '当前用户不属于所选部门',
    );
  });
});

describe('account standing', () => {
  it('refuses a disabled user only after the password matched', async () => {
    expect(await error(await h.tryLogin('disabled', 'wrong'))).toBe('用户名或密码错误');
    expect(await error(await h.tryLogin('disabled', 'disabled-pass'))).toBe('该账号已被禁用，请联系管理员');
  });

  it('refuses an expired tenant with 租户已过期', async () => {
    expect(await error(await h.tryLogin('admin', 'wrong', '300001'))).toBe('用户名或密码错误');
    expect(await error(await h.tryLogin('admin', 'expired-pass', '300001'))).toMatch(/^租户已过期/);
  });
});

describe('lockout', () => {
  it('locks account+address after 5 failures while another address still logs in', async () => {
    for (let i = 0; i < 5; i++)
      expect(await error(await h.tryLogin('victim', 'bad', { ip: '10.0.0.1' }))).toBe('用户名或密码错误');
    expect(await error(await h.tryLogin('victim', 'victim-pass', { ip: '10.0.0.1' }))).toBe(
      '用户登录失败次数过多，请稍后再试',
    );
    expect((await h.tryLogin('victim', 'victim-pass', { ip: '10.0.0.2' })).status).toBe(200);
    // Success elsewhere does not lift the lock of the first address.
    expect(await error(await h.tryLogin('victim', 'victim-pass', { ip: '10.0.0.1' }))).toBe(
      '用户登录失败次数过多，请稍后再试',
    );
  });

  it('clears the address counter on success', async () => {
    for (let i = 0; i < 4; i++) await h.tryLogin('admin', 'bad', { ip: '10.0.1.1' });
    expect((await h.tryLogin('admin', ADMIN_PASSWORD, { ip: '10.0.1.1' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await h.tryLogin('admin', 'bad', { ip: '10.0.1.1' });
    expect((await h.tryLogin('admin', ADMIN_PASSWORD, { ip: '10.0.1.1' })).status).toBe(200);
  });

  it("does not let strangers' failures from other addresses refuse the real user's correct login", async () => {
    for (let i = 0; i < 25; i++) await h.tryLogin('target', 'bad', { ip: `10.1.0.${i}` });
    expect((await h.tryLogin('target', 'target-pass', { ip: '10.2.0.1' })).status).toBe(200);
    // Still limited per address: the stranger's own addresses are not.
    for (let i = 0; i < 4; i++) await h.tryLogin('target', 'bad', { ip: '10.1.0.0' });
    expect(await error(await h.tryLogin('target', 'target-pass', { ip: '10.1.0.0' }))).toBe(
      '用户登录失败次数过多，请稍后再试',
    );
  });

  it('forgets failures older than 30 minutes', async () => {
    await addUser(h.blade.db, PLATFORM, {
      account: 'slow',
      password: 'slow-pass',
      roleIds: [userRole],
      deptIds: [depts[0]],
    });
    for (let i = 0; i < 4; i++) await h.tryLogin('slow', 'bad', { ip: '10.3.0.1' });
    await h.blade.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', ${PLATFORM}, true)`.execute(trx);
      await trx
        .updateTable('blade_login_failure')
        .set({ first_failure_at: secondsAgo(31 * 60) })
        .where('account', '=', 'slow')
        .execute();
    });
    await h.tryLogin('slow', 'bad', { ip: '10.3.0.1' });
    expect((await h.tryLogin('slow', 'slow-pass', { ip: '10.3.0.1' })).status).toBe(200);
  });
});
