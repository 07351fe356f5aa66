import { sql } from 'kysely';
import { withTenant } from '../../db/tenant';
import { addUser } from '../../testing/fixtures';
import { createHarness, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { md5Hex } from './password';
import { findEnabledSource } from './oidc.repository';
import { oauthUuid } from './oidc.service';
import {
  authorizeAt,
  bindAtSource,
  loginSourceTenants,
  ssoClient,
  startTestProvider,
  type TestProvider,
} from './oidc.test-helpers';

// SSO and social login against a real OpenID Connect provider (oidc-provider) on loopback: the whole authorization
// code flow with PKCE, state and nonce, as the portal's callback page drives it, over plain HTTP.

const A = '300001';
const B = '300002';
const REDIRECT = 'http://portal.test/login/callback';
const SSO_CLIENT = { id: 'blade-sso', secret: 'sso-client-secret-4b1e8f' };
const SOCIAL_CLIENT = 'blade-social';
const SUBMITTED = '注册申请已提交,请耐心等待管理员通过!';

let h: Harness;
let provider: TestProvider;
let issuer: string;
let adminA: string;
let adminB: string;
let boundUserA: string;
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startTestProvider([
    ssoClient(SSO_CLIENT, REDIRECT),
    { client_id: SOCIAL_CLIENT, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
  ]);
  issuer = provider.issuer;
  h = await createHarness({
    outbound: { allowedHosts: [provider.host] },
    log: (line) => logLines.push(line),
  });
  const db = h.blade.db;
  const tenants = await loginSourceTenants(h, { a: A, b: B }, 'sso-guest');
  ({ adminA, adminB } = tenants);
  const submit = tenants.submitSource;
  boundUserA = await addUser(db, A, {
    account: 'alice',
    password: 'alice-pass',
    roleIds: [tenants.userRole],
    deptIds: [tenants.deptA],
  });
  await submit(adminA, {
    kind: 'sso',
    source: 'corp',
    name: '企业账号',
    issuer,
    clientId: SSO_CLIENT.id,
    clientSecret: SSO_CLIENT.secret,
    scopes: 'openid email',
    guestAccount: 'sso-guest',
  });
  await submit(adminA, {
    kind: 'social',
    source: 'idp_social',
    name: '社交账号',
    issuer,
    clientId: SOCIAL_CLIENT,
  });
  await submit(adminB, {
    kind: 'sso',
    source: 'bcorp',
    name: 'B 企业账号',
    issuer,
    clientId: SSO_CLIENT.id,
    clientSecret: SSO_CLIENT.secret,
  });
  // alice at the provider is bound to tenant A's user alice.
  await bindAtSource(db, A, 'corp', 'alice', boundUserA);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  provider?.stop();
}, SETUP_TIMEOUT);

/** GET a public call of blade/. */
async function get(pathAndQuery: string) {
  const res = await h.blade.app.request(pathAndQuery);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

const start = (source: string, tenantId = A, redirectUri = REDIRECT) =>
  get(`/blade-auth/oauth/render/${source}?${new URLSearchParams({ tenantId, redirect_uri: redirectUri })}`);

/** Begins at `source` of tenant A and signs in `account` at the provider: the callback's parameters. */
async function callbackFor(source: string, account = 'alice') {
  const started = await start(source);
  expect(started.code).toBe(200);
  const back = await authorizeAt(started.data.authorizeUrl, account, REDIRECT);
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? '',
  };
}

type Callback = { code: string; state: string; iss: string };

async function tokenAnswer(params: Record<string, string>) {
  const res = await h.token(params);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const ssoToken = (cb: Callback, extra: Record<string, string> = {}) =>
  tokenAnswer({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...cb, ...extra });

/** The social grant for the callback, naming `source` as where the login began. */
const socialToken = (cb: Callback, source = 'idp_social') =>
  tokenAnswer({ grant_type: 'social', source, ...cb });

describe('the start call', () => {
  it('answers the provider authorization URL with PKCE S256, state and nonce, and keeps them server-side', async () => {
    const started = await start('corp');
    expect(started.code).toBe(200);
    const url = new URL(started.data.authorizeUrl);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(SSO_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state')!;
    expect(state.startsWith(`${A}.`)).toBe(true);
    const rows = await withTenant(h.blade.db, A, (trx) =>
      trx.selectFrom('blade_oauth_state').selectAll().where('tenant_id', '=', A).execute(),
    );
    // Only a digest of the state is stored.
    expect(rows.some((r) => r.state_hash === state)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses an unknown source, a bad redirect_uri and an unknown tenant', async () => {
    expect((await start('nosuch')).msg).toBe('该登录方式不可用');
    expect((await start('corp', A, 'http://portal.test/cb?x=1')).code).toBe(400);
    expect((await start('corp', A, 'javascript:alert(1)')).code).toBe(400);
    expect((await start('corp', '999999')).code).toBe(400);
  });

  it("does not let another tenant's source be used", async () => {
    const r = await start('corp', B);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('该登录方式不可用');
    expect((await start('bcorp', A)).code).toBe(400);
  });

  it('lists the enabled sources of a tenant by name only', async () => {
    const r = await get(`/blade-auth/oauth/sources?tenantId=${A}`);
    expect(r.data).toEqual([
      { kind: 'social', source: 'idp_social', name: '社交账号' },
      { kind: 'sso', source: 'corp', name: '企业账号' },
    ]);
    expect((await get(`/blade-auth/oauth/sources?tenantId=${B}`)).data).toEqual([
      { kind: 'sso', source: 'bcorp', name: 'B 企业账号' },
    ]);
  });
});

describe('SSO login (grant authorization_code)', () => {
  it('signs in the bound user end to end, with a session like a password login', async () => {
    const cb = await callbackFor('corp', 'alice');
    const { status, body } = await ssoToken(cb);
    expect(status).toBe(200);
    expect(body.user_id).toBe(boundUserA);
    expect(body.tenant_id).toBe(A);
    expect(body.account).toBe('alice');
    expect(body.oauth_id).toBe('');
    const info = await h.call('/blade-auth/oauth/user-info', body.access_token);
    expect(info.code).toBe(200);
    expect(info.data.user_id).toBe(boundUserA);
    // The refresh token of the session works as any other.
    const refreshed = await h.token({ grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it('refuses a replayed state', async () => {
    const cb = await callbackFor('corp', 'alice');
    expect((await ssoToken(cb)).status).toBe(200);
    const again = await ssoToken(cb);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('登录请求无效或已过期，请重新登录');
  });

  it('refuses a wrong code, and the state is spent by it', async () => {
    const cb = await callbackFor('corp', 'alice');
    const wrong = await ssoToken({ ...cb, code: `${cb.code}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toBe('身份提供方拒绝了登录，请重新登录');
    // The provider's own refusal is in the log, for the operator.
    expect(
      logLines.some(
        (l) => l.includes('authorization_code login at source "corp"') && l.includes('invalid_grant'),
      ),
    ).toBe(true);
    expect((await ssoToken(cb)).status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const cb = await callbackFor('corp', 'expiring');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const seen = logLines.length;
    const r = await ssoToken(cb);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('身份提供方拒绝了登录，请重新登录');
    // The provider's own refusal is in the log for the operator: the code is no longer valid.
    expect(logLines.slice(seen).join('\n')).toContain('[invalid_grant]');
  });

  it('refuses an expired state', async () => {
    const cb = await callbackFor('corp', 'alice');
    await withTenant(h.blade.db, A, (trx) =>
      trx
        .updateTable('blade_oauth_state')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('tenant_id', '=', A)
        .execute(),
    );
    const r = await ssoToken(cb);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('登录请求无效或已过期，请重新登录');
  });

  it('refuses a redirect_uri other than the one the login began with, and a forged state', async () => {
    const cb = await callbackFor('corp', 'alice');
    expect((await ssoToken(cb, { redirect_uri: 'http://evil.test/login/callback' })).status).toBe(400);
    expect((await ssoToken({ ...cb, state: `${B}.${'x'.repeat(43)}` })).status).toBe(400);
    expect((await ssoToken({ ...cb, state: 'not-a-state' })).status).toBe(400);
  });

  it('refuses a state begun at a social source when used with the SSO grant', async () => {
    const cb = await callbackFor('idp_social', 'alice');
    const r = await ssoToken(cb);
    expect(r.status).toBe(400);
  });
});

describe('an unknown person', () => {
  it('signs in as the guest account, marked with the third-party account, and registers', async () => {
    const cb = await callbackFor('corp', 'newcomer');
    const { status, body } = await ssoToken(cb);
    expect(status).toBe(200);
    expect(body.role_name).toBe('guest');
    expect(body.account).toBe('sso-guest');
    const corp = await withTenant(h.blade.db, A, (trx) => findEnabledSource(trx, A, 'corp'));
    const uuid = oauthUuid(corp!, 'newcomer');
    expect(body.oauth_id).toBe(uuid);
    // The shell reads it from user-info and hands it to the registration dialog.
    const info = await h.call('/blade-auth/oauth/user-info', body.access_token);
    expect(info.data.oauth_id).toBe(uuid);
    expect(info.data.role_name).toBe('guest');

    const reg = await h.call('/blade-user/register-guest', body.access_token, {
      account: 'newcomer',
      name: '新人',
      password: md5Hex('newcomer-pass'),
      oauthId: info.data.oauth_id,
    });
    expect(reg.msg).toBe(SUBMITTED);
    const bound = await withTenant(h.blade.db, A, (trx) =>
      trx
        .selectFrom('blade_user_oauth')
        .innerJoin('blade_user', 'blade_user.id', 'blade_user_oauth.user_id')
        .select(['blade_user.account', 'blade_user.status'])
        .where('blade_user_oauth.tenant_id', '=', A)
        .where('uuid', '=', uuid)
        .executeTakeFirst(),
    );
    expect(bound).toEqual({ account: 'newcomer', status: 0 });
    // Until an administrator approves the account, the next SSO login is refused (the user is disabled).
    const next = await ssoToken(await callbackFor('corp', 'newcomer'));
    expect(next.status).toBe(400);
    expect(next.body.error_description).toBe('该账号已被禁用，请联系管理员');
  });

  it('is refused when the source names no guest account (social grant)', async () => {
    const { status, body } = await socialToken(await callbackFor('idp_social', 'stranger'));
    expect(status).toBe(400);
    expect(body.error_description).toBe('该第三方账号尚未绑定用户，且未开放注册申请，请联系管理员');
  });

  it('never gets an account holding other roles than guest as its guest account', async () => {
    const saved = await h.call('/blade-system/login-source/submit', adminA, {
      ...(await h.call('/blade-system/login-source/list?source=idp_social', adminA)).data.records[0],
      guestAccount: 'alice',
    });
    expect(saved.code).toBe(200);
    const { status, body } = await socialToken(await callbackFor('idp_social', 'stranger2'));
    expect(status).toBe(400);
    expect(body.error_description).toBe('该第三方账号尚未绑定用户，且未开放注册申请，请联系管理员');
  });
});

describe('social login (grant social)', () => {
  it('signs in a bound user', async () => {
    await bindAtSource(h.blade.db, A, 'idp_social', 'alice', boundUserA);
    const { status, body } = await socialToken(await callbackFor('idp_social', 'alice'));
    expect(status).toBe(200);
    expect(body.user_id).toBe(boundUserA);
  });

  it('needs the source the login began at', async () => {
    expect((await socialToken(await callbackFor('idp_social', 'alice'), 'corp')).status).toBe(400);
  });
});

describe('the login source configuration', () => {
  it('never answers the client secret, only whether one is stored', async () => {
    const list = await h.call('/blade-system/login-source/list?source=corp', adminA);
    const row = list.data.records[0];
    expect(row.clientSecret).toBe('');
    expect(row.clientSecretSet).toBe(true);
    const detail = await h.call(`/blade-system/login-source/detail?id=${row.id}`, adminA);
    expect(detail.data.clientSecret).toBe('');
    expect(JSON.stringify(detail.data)).not.toContain(SSO_CLIENT.secret);
    const bList = await h.call('/blade-system/login-source/list', adminB);
    expect(bList.data.records.map((r: { source: string }) => r.source)).toEqual(['bcorp']);
    expect((await h.call(`/blade-system/login-source/detail?id=${row.id}`, adminB)).code).toBe(404);
  });

  it('refuses an issuer on an internal address', async () => {
    const internal = await h.call('/blade-system/login-source/submit', adminA, {
      kind: 'sso',
      source: 'internal',
      name: 'x',
      issuer: 'http://10.0.0.7/realms/x',
      clientId: 'x',
    });
    expect(internal.code).toBe(400);
  });

  // WeChat Open (wechat.ts) has its own tests: wechat.test.ts. Here only: a tenant without the source cannot use it.
  it('refuses the wechat_open calls of a tenant without such a source, never a success', async () => {
    expect((await start('wechat_open')).msg).toBe('该登录方式不可用');
    for (const call of ['callback', 'revoke', 'checkAuth']) {
      const res = await h.blade.app.request(`/blade-auth/oauth/${call}/wechat_open`, { method: 'POST' });
      const body = (await res.json()) as { code: number; success: boolean };
      expect(body.success).toBe(false);
      expect(body.code).toBeGreaterThanOrEqual(400);
    }
  });
});
