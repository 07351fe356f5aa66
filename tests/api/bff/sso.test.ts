import { GET, POST } from '@/app/api/[...path]/route';
import { nextId } from '@/blade/core/ids';
import { withTenant } from '@/blade/db/tenant';
import {
  authorizeAt,
  bindAtSource,
  ssoClient,
  startTestProvider,
  type TestProvider,
} from '@/blade/modules/auth/oidc.test-helpers';
import { addRole, addTenant, addUser } from '@/blade/testing/fixtures';
import { SETUP_TIMEOUT } from '@/blade/testing/harness';
import { apiRequest, inProcessBladeForFile, ORIGIN, sameOrigin, setCookies } from './helpers';

// SSO through the portal: the BFF's start call (its own callback address, the state cookie), the token call with the
// authorization_code grant through the login path (session cookie, no tokens to the browser), and the state cookie
// that keeps a link carrying someone else's code and state from signing anybody in.

const A = '400001';
const CALLBACK = `${ORIGIN}/login/callback`;
const CLIENT = { id: 'portal-sso', secret: 'portal-sso-secret-91c2' };
let provider: TestProvider;
let boundUser: string;

beforeAll(async () => {
  provider = await startTestProvider([ssoClient(CLIENT, CALLBACK)]);
}, SETUP_TIMEOUT);

const blade = inProcessBladeForFile({ blade: () => ({ outbound: { allowedHosts: [provider.host] } }) });

beforeAll(async () => {
  const db = blade.harness.blade.db;
  const tenant = await addTenant(db, { tenantId: A, tenantName: 'A 公司', adminPassword: 'a-admin-pass' });
  const role = await addRole(db, A, { name: '用户', alias: 'user' });
  boundUser = await addUser(db, A, {
    account: 'alice',
    password: 'alice-pass',
    roleIds: [role],
    deptIds: [tenant.deptId],
  });
  const sourceId = nextId();
  await withTenant(db, A, (trx) =>
    trx
      .insertInto('blade_oauth_source')
      .values({
        id: sourceId,
        tenant_id: A,
        kind: 'sso',
        source: 'corp',
        name: '企业账号',
        issuer: provider.issuer,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        scopes: 'openid',
      })
      .execute(),
  );
  await bindAtSource(db, A, 'corp', 'alice', boundUser);
}, SETUP_TIMEOUT);

afterAll(() => provider?.stop());

/** The start call as the login page makes it; a redirect_uri the browser sends is not the one used. */
async function begin() {
  const res = await GET(
    apiRequest(`/api/blade-auth/oauth/render/corp?tenantId=${A}&redirect_uri=http://evil.test/cb`, {
      headers: sameOrigin,
    }),
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { authorizeUrl: string } };
  const stateCookie = setCookies(res).find((c) => c.startsWith('portal-sso-state='));
  return { authorizeUrl: body.data.authorizeUrl, stateCookie };
}

const tokenCall = (params: Record<string, string>, cookie?: string) =>
  POST(
    apiRequest('/api/blade-auth/oauth/token', {
      method: 'POST',
      cookie,
      headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }),
  );

it('lists the sources publicly, names only', async () => {
  const res = await GET(apiRequest(`/api/blade-auth/oauth/sources?tenantId=${A}`));
  expect(((await res.json()) as { data: unknown }).data).toEqual([
    { kind: 'sso', source: 'corp', name: '企业账号' },
  ]);
});

it('begins at the portal callback address and binds the state to the browser', async () => {
  const { authorizeUrl, stateCookie } = await begin();
  expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(stateCookie).toMatch(/Path=\/api\/blade-auth\/oauth\/token; HttpOnly; SameSite=Lax; Max-Age=600/);
});

it('signs the bound user in through the login path: a session cookie, no tokens in the answer', async () => {
  const { authorizeUrl, stateCookie } = await begin();
  const back = await authorizeAt(authorizeUrl, 'alice', CALLBACK);
  const params = {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss') ?? '',
  };
  // Without this browser's state cookie (a link someone else sent): refused, and nothing reaches blade/.
  const foreign = await tokenCall(params);
  expect(foreign.status).toBe(400);
  expect(((await foreign.json()) as { msg: string }).msg).toBe('登录请求不属于当前浏览器，请重新登录');

  const res = await tokenCall(params, stateCookie!.split(';')[0]);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.user_id).toBe(boundUser);
  expect(body).not.toHaveProperty('access_token');
  expect(body).not.toHaveProperty('refresh_token');
  const cookies = setCookies(res);
  // The state cookie goes with the first answer; the session cookie comes.
  expect(cookies.some((c) => c.startsWith('portal-sso-state=;') && c.includes('Max-Age=0'))).toBe(true);
  const session = cookies.find((c) => c.startsWith('portal-session='))!.split(';')[0];
  const me = await GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie: session }));
  expect(((await me.json()) as { data: { user_id: string } }).data.user_id).toBe(boundUser);
});

it('forwards only well-formed start calls, and only GET', async () => {
  for (const path of [
    '/api/blade-auth/oauth/render/Corp',
    '/api/blade-auth/oauth/render/corp/x',
    '/api/blade-auth/oauth/render',
  ]) {
    expect((await GET(apiRequest(`${path}?tenantId=${A}`))).status).toBe(404);
  }
  const post = await POST(
    apiRequest(`/api/blade-auth/oauth/render/corp?tenantId=${A}`, { method: 'POST', headers: sameOrigin }),
  );
  expect(post.status).toBe(405);
  // The wechat_open calls stay outside the proxy.
  const wechat = await POST(
    apiRequest('/api/blade-auth/oauth/callback/wechat_open', { method: 'POST', headers: sameOrigin }),
  );
  expect(wechat.status).toBe(404);
});
