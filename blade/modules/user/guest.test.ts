import { md5Hex } from '../auth/password';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addRole, addTenant, addUser } from '../../testing/fixtures';
import { harnessPerFile, type CallResult, type Harness } from '../../testing/harness';
import { GUEST_REGISTRATIONS_PER_DAY } from './guest.routes';

let h: Harness;
const A = '200001';
const B = '200002';
let adminA: string;
let adminB: string;
let guestRoleB: string;
let deptB: string;

const SUBMITTED = '注册申请已提交,请耐心等待管理员通过!';

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: A, tenantName: 'A 公司', adminPassword: 'a-admin-pass' });
  const b = await addTenant(db, { tenantId: B, tenantName: 'B 公司', adminPassword: 'b-admin-pass' });
  deptB = b.deptId;
  guestRoleB = await addRole(db, B, { name: '访客', alias: 'guest' });
  // A second administrator in B: every administrator gets the notice, each exactly once.
  await addUser(db, B, {
    account: 'admin2',
    password: 'b-admin2-pass',
    roleIds: [b.roleId],
    deptIds: [deptB],
  });
  adminA = (await h.login('admin', 'a-admin-pass', A)).access_token;
  adminB = (await h.login('admin', 'b-admin-pass', B)).access_token;
});

/** A third-party-login guest of tenant B: a token of B holding the guest role. */
async function guestOfB(account: string): Promise<string> {
  await addUser(h.blade.db, B, {
    account,
    password: `${account}-pass`,
    roleIds: [guestRoleB],
    deptIds: [deptB],
  });
  return (await h.login(account, `${account}-pass`, B)).access_token;
}

/** Marks the token's auth session as the guest session of a third-party account, as an SSO login of a stranger does. */
async function standFor(token: string, oauthId: string) {
  const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string };
  await withTenant(h.blade.db, B, (trx) =>
    trx.updateTable('blade_auth_session').set({ oauth_id: oauthId }).where('id', '=', sid).execute(),
  );
}

/** The client sends the tenant number it knows (the caller's own); a test that omits or changes it says so. */
const register = (token: string, body: Record<string, unknown>, tenantId: string | null = B) =>
  h.call('/blade-user/register-guest', token, {
    ...(tenantId === null ? {} : { tenantId }),
    password: md5Hex('guest-pass'),
    ...body,
  });

async function usersOf(tenantId: string, account: string) {
  return withTenant(h.blade.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_user')
      .select(['id', 'status', 'role_id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('is_deleted', '=', 0)
      .execute(),
  );
}

async function unreadNotices(token: string, title: string) {
  const page = await h.call('/blade-customer/message/page?isReaded=0&size=100', token);
  return (page.data.records as { title: string; content: string; sender: string }[]).filter(
    (m) => m.title === title,
  );
}

/** The answer without the parts that differ per call anyway. */
const answer = (r: CallResult) => ({
  status: r.status,
  code: r.code,
  success: r.success,
  msg: r.msg,
  data: r.data,
});

describe('guest registration (POST /blade-user/register-guest)', () => {
  it('needs a token', async () => {
    const res = await h.blade.app.request('/blade-user/register-guest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: A, account: 'anon', password: md5Hex('x') }),
    });
    expect(res.status).toBe(401);
  });

  it('registers into the caller’s own tenant and waits for the administrators’ approval', async () => {
    const token = await guestOfB('visitor1');
    expect((await register(token, { password: undefined, account: 'newbie' })).msg).toBe(
      'password:请先输入密码',
    );
    expect((await register(token, {})).msg).toBe('account:请先输入账号名称');
    // The tenant comes from the token: the client need not send it.
    await standFor(token, 'wx-newbie');
    const done = await register(token, { account: 'newbie', name: '新人', oauthId: 'wx-newbie' }, null);
    expect(answer(done)).toMatchObject({ status: 200, code: 200, msg: SUBMITTED });
    const [row] = await usersOf(B, 'newbie');
    expect(row).toMatchObject({ status: 0, role_id: '', name: '新人' });
    // Not approved yet: cannot log in.
    expect((await h.tryLogin('newbie', 'guest-pass', B)).status).toBe(400);
    // The tenant number the client knows is its own: accepted.
    // (Another guest: this session's third-party account has its registration already.)
    expect((await register(await guestOfB('visitor1b'), { account: 'newbie2' })).msg).toBe(SUBMITTED);
    expect(await usersOf(B, 'newbie2')).toHaveLength(1);
    expect(await unreadNotices(adminB, '新用户注册申请')).toHaveLength(1);
  });

  it('refuses a tenant other than the token’s, and nothing reaches that tenant', async () => {
    const token = await guestOfB('visitor2');
    const res = await register(token, { account: 'intruder', name: '入侵者' }, A);
    expect(res.status).toBe(400);
    expect(res.msg).toBe('tenantId:租户编号与当前登录的租户不一致');
    expect(await usersOf(A, 'intruder')).toHaveLength(0);
    expect(await usersOf(B, 'intruder')).toHaveLength(0);
    const inboxA = await h.call('/blade-customer/message/page', adminA);
    expect(inboxA.data.total).toBe(0);
  });

  it('answers a taken account exactly like a free one and shows it to the administrators as a conflict', async () => {
    const token = await guestOfB('visitor3');
    const free = await register(token, { account: 'free-one' });
    const taken = await register(token, { account: 'admin', password: md5Hex('hijack-pass') });
    expect(answer(taken)).toEqual(answer(free));
    expect(answer(free)).toMatchObject({ status: 200, msg: SUBMITTED });
    // The existing account is untouched and still the only one.
    expect(await usersOf(B, 'admin')).toHaveLength(1);
    expect((await h.tryLogin('admin', 'hijack-pass', B)).status).toBe(400);
    expect((await h.tryLogin('admin', 'b-admin-pass', B)).status).toBe(200);
    const conflicts = await unreadNotices(adminB, '用户注册申请冲突');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].content).toContain('admin');
  });

  it('never moves an existing third-party binding to the new account', async () => {
    const token = await guestOfB('visitor4');
    const [owner] = await usersOf(B, 'admin');
    await withTenant(h.blade.db, B, (trx) =>
      trx
        .insertInto('blade_user_oauth')
        .values({ id: nextId(), tenant_id: B, uuid: 'wx-admin', user_id: owner.id })
        .execute(),
    );
    // A guest may not name a third-party account other than its session's.
    expect((await register(token, { account: 'oauth-thief', oauthId: 'wx-admin' })).msg).toBe(
      'oauthId:第三方账号与当前登录不一致',
    );
    await standFor(token, 'wx-admin');
    const res = await register(token, { account: 'oauth-thief' });
    expect(res.msg).toBe(SUBMITTED);
    const binding = await withTenant(h.blade.db, B, (trx) =>
      trx.selectFrom('blade_user_oauth').select('user_id').where('uuid', '=', 'wx-admin').execute(),
    );
    expect(binding).toEqual([{ user_id: owner.id }]);
    expect(await usersOf(B, 'oauth-thief')).toHaveLength(0);
  });

  it('holds the tenant’s account quota', async () => {
    const token = await guestOfB('visitor5');
    const live = await withTenant(h.blade.db, B, (trx) =>
      trx
        .selectFrom('blade_user')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', B)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow(),
    );
    const setQuota = (n: number) =>
      h.blade.db.updateTable('blade_tenant').set({ account_number: n }).where('tenant_id', '=', B).execute();
    await setQuota(Number(live.n));
    try {
      const full = await register(token, { account: 'over-quota' });
      expect(full.status).toBe(400);
      expect(full.msg).toBe('当前租户已到最大账号额度!');
      expect(await usersOf(B, 'over-quota')).toHaveLength(0);
      // A taken account gets the same refusal: the quota answer says nothing about accounts either.
      expect((await register(token, { account: 'admin' })).msg).toBe('当前租户已到最大账号额度!');
    } finally {
      await setQuota(-1);
    }
  });

  it('accepts only plain account names and names, and keeps the caller’s text out of the notice', async () => {
    const token = await guestOfB('visitor6');
    for (const account of ['a b', 'x<script>', 'a'.repeat(46), '管理员', 'admin\u202e']) {
      const res = await register(token, { account });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/^account:/);
    }
    for (const name of ['请访问 http://evil.example', '点击:链接', 'a'.repeat(21), 'x\u0000y']) {
      const res = await register(token, { account: 'plain-name', name });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/^name:/);
    }
    expect((await register(token, { account: 'plain-name', oauthId: 'not an id!' })).status).toBe(400);
    expect(await usersOf(B, 'plain-name')).toHaveLength(0);
    expect((await register(token, { account: 'li.si_2', name: '李四 Li' })).msg).toBe(SUBMITTED);
    for (const notice of await unreadNotices(adminB, '新用户注册申请')) {
      expect(notice.content).not.toContain('李四');
      expect(notice.content).not.toContain('li.si_2');
      expect(notice.sender).toBe('system');
    }
  });

  it('bounds one registrant, and the administrators get one grouped notice with a count', async () => {
    const db = h.blade.db;
    const c = await addTenant(db, {
      tenantId: '200003',
      tenantName: 'C 公司',
      adminPassword: 'c-admin-pass',
    });
    await addUser(db, '200003', {
      account: 'admin2',
      password: 'c-admin2-pass',
      roleIds: [c.roleId],
      deptIds: [c.deptId],
    });
    const guestRole = await addRole(db, '200003', { name: '访客', alias: 'guest' });
    await addUser(db, '200003', {
      account: 'flood',
      password: 'flood-pass',
      roleIds: [guestRole],
      deptIds: [c.deptId],
    });
    const token = (await h.login('flood', 'flood-pass', '200003')).access_token;
    for (let i = 1; i <= GUEST_REGISTRATIONS_PER_DAY; i++)
      expect((await register(token, { account: `flood${i}` }, '200003')).msg).toBe(SUBMITTED);
    const sixth = await register(token, { account: 'flood-over' }, '200003');
    expect(sixth.status).toBe(400);
    expect(sixth.msg).toBe('请求过于频繁，请稍后再试');
    expect(await usersOf('200003', 'flood-over')).toHaveLength(0);
    for (const [account, password] of [
      ['admin', 'c-admin-pass'],
      ['admin2', 'c-admin2-pass'],
    ]) {
      const admin = (await h.login(account, password, '200003')).access_token;
      const notices = await unreadNotices(admin, '新用户注册申请');
      expect(notices).toHaveLength(1);
      expect(notices[0].content).toBe(
        `有${GUEST_REGISTRATIONS_PER_DAY}条新用户注册申请等待审核，请在用户管理中查看。`,
      );
    }
  });
});
