import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addUser } from '../../testing/fixtures';
import { createHarness, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { findEnabledSource } from './oidc.repository';
import { oauthUuid } from './oidc.service';
import { loginSourceTenants } from './oidc.test-helpers';

// WeChat Open Platform website login (wechat.ts, sso.md) against a loopback stand-in of WeChat's API: the start
// call's qrconnect URL, the code exchange at sns/oauth2/access_token with WeChat's answers and error codes, the
// subject mapped through blade_user_oauth, the guest path, and the three wechat_open calls.

const A = '310001';
const B = '310002';
const REDIRECT = 'http://portal.test/login/callback';
const APP = { id: 'wx4f2a9c0d1e2b3a45', secret: 'wechat-app-secret-7c1d9e2f00aa' };
const B_APP = { id: 'wx0b0b0b0b0b0b0b0b', secret: 'b-app-secret-0d1e' };
const AUTHORIZE = 'https://open.weixin.qq.com/connect/qrconnect';
const SUBMITTED = '注册申请已提交,请耐心等待管理员通过!';
const REFUSED = '身份提供方拒绝了登录，请重新登录';

/**
 * The stand-in: codes are issued by the test as the person scanning would get them (single use, for one AppID), and
 * exchanged as WeChat documents — appid, secret, code, grant_type=authorization_code — with WeChat's error codes.
 */
interface Issued {
  appid: string;
  openid: string;
  unionid?: string;
}
const codes = new Map<string, Issued>();
const secrets = new Map([
  [APP.id, APP.secret],
  [B_APP.id, B_APP.secret],
]);
const seenQueries: string[] = [];
let wechat: Server;
let apiBase: string;

function issueCode(appid: string, openid: string, unionid?: string): string {
  const code = randomBytes(16).toString('hex');
  codes.set(code, { appid, openid, unionid });
  return code;
}

function startWechat(): Promise<void> {
  wechat = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    seenQueries.push(url.search);
    // WeChat answers JSON as text/plain.
    const answer = (body: Record<string, unknown>) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/sns/oauth2/access_token') {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams;
    const appid = q.get('appid') ?? '';
    if (!secrets.has(appid)) return answer({ errcode: 40013, errmsg: 'invalid appid' });
    if (q.get('secret') !== secrets.get(appid))
      return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
    if (q.get('grant_type') !== 'authorization_code')
      return answer({ errcode: 40002, errmsg: 'invalid grant_type' });
    const issued = codes.get(q.get('code') ?? '');
    if (!issued || issued.appid !== appid) return answer({ errcode: 40029, errmsg: 'invalid code' });
    codes.delete(q.get('code') ?? '');
    answer({
      access_token: `ACCESS_${randomBytes(8).toString('hex')}`,
      expires_in: 7200,
      refresh_token: `REFRESH_${randomBytes(8).toString('hex')}`,
      openid: issued.openid,
      scope: 'snsapi_login',
      ...(issued.unionid ? { unionid: issued.unionid } : {}),
    });
  });
  return new Promise((resolve) =>
    wechat.listen(0, '127.0.0.1', () => {
      apiBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let h: Harness;
let adminA: string;
let adminB: string;
let aliceA: string;
let bobA: string;
const logLines: string[] = [];

beforeAll(async () => {
  await startWechat();
  h = await createHarness({
    outbound: { allowedHosts: [new URL(apiBase).host] },
    log: (line) => logLines.push(line),
  });
  const db = h.blade.db;
  const tenants = await loginSourceTenants(h, { a: A, b: B }, 'wx-guest');
  ({ adminA, adminB } = tenants);
  const submit = tenants.submitSource;
  aliceA = await addUser(db, A, {
    account: 'alice',
    password: 'alice-pass',
    roleIds: [tenants.userRole],
    deptIds: [tenants.deptA],
  });
  bobA = await addUser(db, A, {
    account: 'bob',
    password: 'bob-pass',
    roleIds: [tenants.userRole],
    deptIds: [tenants.deptA],
  });
  await submit(adminA, {
    kind: 'social',
    source: 'wechat_open',
    name: '微信',
    issuer: apiBase,
    clientId: APP.id,
    clientSecret: APP.secret,
    authorizeEndpoint: `${apiBase}/connect/qrconnect`,
    guestAccount: 'wx-guest',
  });
  // B's source keeps WeChat's own authorization page; its API is the same stand-in.
  await submit(adminB, {
    kind: 'social',
    source: 'wechat_open',
    name: '微信',
    issuer: apiBase,
    clientId: B_APP.id,
    clientSecret: 'not-b-app-secret',
  });

  const source = await withTenant(db, A, (trx) => findEnabledSource(trx, A, 'wechat_open'));
  await withTenant(db, A, (trx) =>
    trx
      .insertInto('blade_user_oauth')
      .values([
        // alice is known by her unionid, bob (an AppID without an open platform account) by his openid.
        {
          id: nextId(),
          tenant_id: A,
          uuid: oauthUuid(source!, 'unionid:u-alice'),
          user_id: aliceA,
          source: 'wechat_open',
        },
        {
          id: nextId(),
          tenant_id: A,
          uuid: oauthUuid(source!, 'openid:o-bob'),
          user_id: bobA,
          source: 'wechat_open',
        },
      ])
      .execute(),
  );
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => wechat?.close(resolve));
}, SETUP_TIMEOUT);

async function get(pathAndQuery: string) {
  const res = await h.blade.app.request(pathAndQuery);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

const start = (tenantId = A) =>
  get(`/blade-auth/oauth/render/wechat_open?${new URLSearchParams({ tenantId, redirect_uri: REDIRECT })}`);

/** Begins a login at tenant A's wechat_open source: its state. */
async function begin(tenantId = A): Promise<string> {
  const started = await start(tenantId);
  expect(started.code).toBe(200);
  return new URL(started.data.authorizeUrl).searchParams.get('state') ?? '';
}

async function social(code: string, state: string, source = 'wechat_open') {
  const res = await h.token({ grant_type: 'social', source, code, state });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('the start call', () => {
  it('answers the qrconnect URL: appid, redirect_uri, code, snsapi_login, state, #wechat_redirect; no PKCE, no nonce', async () => {
    const started = await start();
    expect(started.code).toBe(200);
    const url = new URL(started.data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${apiBase}/connect/qrconnect`);
    expect([...url.searchParams.keys()]).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.searchParams.get('appid')).toBe(APP.id);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('state')!.startsWith(`${A}.`)).toBe(true);
    expect(url.hash).toBe('#wechat_redirect');
  });

  it("uses WeChat's own authorization page when the source names none", async () => {
    const started = await start(B);
    expect(started.code).toBe(200);
    const url = new URL(started.data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE);
    expect(url.searchParams.get('appid')).toBe(B_APP.id);
  });
});

describe('login with grant social, source wechat_open', () => {
  it('signs in the user bound to the unionid', async () => {
    const state = await begin();
    const { status, body } = await social(issueCode(APP.id, 'o-alice-at-this-app', 'u-alice'), state);
    expect(status).toBe(200);
    expect(body.user_id).toBe(aliceA);
    expect(body.account).toBe('alice');
    expect(body.oauth_id).toBe('');
    // The stand-in saw WeChat's documented parameters.
    const q = new URLSearchParams(seenQueries.at(-1));
    expect(q.get('appid')).toBe(APP.id);
    expect(q.get('grant_type')).toBe('authorization_code');
  });

  it('signs in the user bound to the openid when WeChat sends no unionid', async () => {
    const { status, body } = await social(issueCode(APP.id, 'o-bob'), await begin());
    expect(status).toBe(200);
    expect(body.user_id).toBe(bobA);
    // Once the AppID joins an open platform account WeChat adds a unionid: bob is still bob.
    const later = await social(issueCode(APP.id, 'o-bob', 'u-bob'), await begin());
    expect(later.body.user_id).toBe(bobA);
  });

  it('signs an unknown person in as the guest account, who then asks for an account', async () => {
    const { status, body } = await social(issueCode(APP.id, 'o-newcomer', 'u-newcomer'), await begin());
    expect(status).toBe(200);
    expect(body.account).toBe('wx-guest');
    expect(body.role_name).toBe('guest');
    const source = await withTenant(h.blade.db, A, (trx) => findEnabledSource(trx, A, 'wechat_open'));
    const uuid = oauthUuid(source!, 'unionid:u-newcomer');
    expect(body.oauth_id).toBe(uuid);
    const reg = await h.call('/blade-user/register-guest', body.access_token, {
      account: 'wx-newcomer',
      name: '微信新人',
      password: '0123456789abcdef0123456789abcdef',
      oauthId: uuid,
    });
    expect(reg.msg).toBe(SUBMITTED);
    // Until approved, the same WeChat account is refused (its user waits, disabled).
    const next = await social(issueCode(APP.id, 'o-newcomer', 'u-newcomer'), await begin());
    expect(next.status).toBe(400);
    expect(next.body.error_description).toBe('该账号已被禁用，请联系管理员');
  });

  it('refuses a replayed state', async () => {
    const state = await begin();
    expect((await social(issueCode(APP.id, 'o-bob'), state)).status).toBe(200);
    const again = await social(issueCode(APP.id, 'o-bob'), state);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('登录请求无效或已过期，请重新登录');
  });

  it("refuses a wrong code with WeChat's errcode in the log, and no secret or token there", async () => {
    const state = await begin();
    const seen = logLines.length;
    const wrong = await social('not-a-code-wechat-issued', state);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toBe(REFUSED);
    const logged = logLines.slice(seen).join('\n');
    expect(logged).toContain('errcode 40029: invalid code');
    expect(logged).not.toContain(APP.secret);
    // WeChat's access and refresh tokens (the stand-in's ACCESS_/REFRESH_) never reach the log.
    expect(logLines.join('\n')).not.toMatch(/ACCESS_|REFRESH_/);
    // The state was spent by the refused call.
    expect((await social(issueCode(APP.id, 'o-bob'), state)).status).toBe(400);
  });

  it('refuses a code issued to another AppID, and a source whose secret WeChat refuses (errcode 40125)', async () => {
    expect((await social(issueCode(B_APP.id, 'o-bob'), await begin())).body.error_description).toBe(REFUSED);
    const seen = logLines.length;
    const b = await social(issueCode(B_APP.id, 'o-someone'), await begin(B));
    expect(b.status).toBe(400);
    expect(b.body.error_description).toBe(REFUSED);
    expect(logLines.slice(seen).join('\n')).toContain('errcode 40125');
  });

  it('needs the source the login began at', async () => {
    const r = await social(issueCode(APP.id, 'o-bob'), await begin(), 'other');
    expect(r.status).toBe(400);
    expect((await social(issueCode(APP.id, 'o-bob'), await begin())).status).toBe(200);
  });
});

describe('the wechat_open calls', () => {
  it('callback: the same login for a client that posts code and state itself, with client authentication', async () => {
    const post = (body: Record<string, string>, authorization = h.basic) =>
      h.blade.app.request('/blade-auth/oauth/callback/wechat_open', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const noClient = await post({ code: issueCode(APP.id, 'o-bob'), state: await begin() }, '');
    expect(noClient.status).toBe(401);
    const res = await post({ code: issueCode(APP.id, 'o-bob'), state: await begin() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user_id: string }).user_id).toBe(bobA);
    const state = await begin();
    expect((await post({ code: 'wrong', state })).status).toBe(400);
    const replay = await post({ code: issueCode(APP.id, 'o-bob'), state });
    expect(((await replay.json()) as { error_description: string }).error_description).toBe(
      '登录请求无效或已过期，请重新登录',
    );
  });

  it('checkAuth refuses: no WeChat token is kept', async () => {
    const res = await h.blade.app.request('/blade-auth/oauth/checkAuth/wechat_open', { method: 'POST' });
    expect(await res.json()).toMatchObject({
      code: 400,
      success: false,
      msg: '本系统不保存也不发放微信访问令牌，没有可校验的微信授权',
    });
  });

  it("revoke unbinds the caller's own WeChat account, and only when there is one", async () => {
    const revoke = (token?: string) =>
      h.blade.app.request('/blade-auth/oauth/revoke/wechat_open', {
        method: 'POST',
        headers: token ? { 'blade-auth': `bearer ${token}` } : {},
      });
    expect((await revoke()).status).toBe(401);
    const bob = await social(issueCode(APP.id, 'o-bob'), await begin());
    expect(bob.status).toBe(200);
    const first = (await (await revoke(bob.body.access_token)).json()) as { code: number; msg: string };
    expect(first).toMatchObject({ code: 200, msg: '已解除微信账号绑定' });
    // Nothing left to unbind: refused, not a second success.
    const second = (await (await revoke(bob.body.access_token)).json()) as { code: number; msg: string };
    expect(second).toMatchObject({ code: 400, msg: '当前账号未绑定微信' });
    // alice's binding is untouched; bob's WeChat account is now an unknown person (the guest path).
    expect((await social(issueCode(APP.id, 'o-x', 'u-alice'), await begin())).body.user_id).toBe(aliceA);
    const again = await social(issueCode(APP.id, 'o-bob'), await begin());
    expect(again.body.account).toBe('wx-guest');
  });
});

describe('the wechat_open source configuration', () => {
  it('never answers the AppSecret; scope is snsapi_login', async () => {
    const list = await h.call('/blade-system/login-source/list?source=wechat_open', adminA);
    const row = list.data.records[0];
    expect(row.clientSecret).toBe('');
    expect(row.clientSecretSet).toBe(true);
    expect(row.scopes).toBe('snsapi_login');
    const detail = await h.call(`/blade-system/login-source/detail?id=${row.id}`, adminA);
    expect(JSON.stringify(detail.data)).not.toContain(APP.secret);
    expect(JSON.stringify(list.data)).not.toContain(APP.secret);
  });

  it("keeps another tenant's source out of reach", async () => {
    const rowA = (await h.call('/blade-system/login-source/list?source=wechat_open', adminA)).data.records[0];
    expect((await h.call(`/blade-system/login-source/detail?id=${rowA.id}`, adminB)).code).toBe(404);
    // A state begun at B's source cannot sign anyone in at A: the code is exchanged with B's AppID.
    const r = await social(issueCode(APP.id, 'o-bob'), await begin(B));
    expect(r.status).toBe(400);
    expect(
      (await get(`/blade-auth/oauth/render/wechat_open?tenantId=999999&redirect_uri=${REDIRECT}`)).code,
    ).toBe(400);
  });

  it('refuses wechat_open as an SSO source, an authorization page on other sources and a plain-http one', async () => {
    const base = { source: 'wechat_open', name: '微信', issuer: apiBase, clientId: 'wx1' };
    const asSso = await h.call('/blade-system/login-source/submit', adminA, {
      ...base,
      kind: 'sso',
      source: 'wechat_open',
    });
    expect(asSso.msg).toBe('微信开放平台登录源(wechat_open)的类型须为第三方登录(social)');
    const page = await h.call('/blade-system/login-source/submit', adminA, {
      ...base,
      kind: 'social',
      source: 'other_social',
      authorizeEndpoint: 'https://example.com/authorize',
    });
    expect(page.msg).toBe(
      '只有微信开放平台登录源(wechat_open)可以指定授权页地址，其他登录源的地址由发现获得',
    );
    const rowB = (await h.call('/blade-system/login-source/list?source=wechat_open', adminB)).data.records[0];
    const http = await h.call('/blade-system/login-source/submit', adminB, {
      ...rowB,
      authorizeEndpoint: 'http://open.example.com/connect/qrconnect',
    });
    expect(http.msg).toBe('授权页地址必须是 https 地址，且不能包含查询参数、片段或账号密码');
  });
});
