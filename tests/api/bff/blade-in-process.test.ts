import { GET, POST } from '@/app/api/[...path]/route';
import { ADMIN_PASSWORD } from '@/blade/testing/harness';
import { getConfig } from '@/lib/env';
import { sessionSetCookie, unsealSession } from '@/lib/session';
import { apiRequest, inProcessBladeForFile, nextCookie, sameOrigin, setCookies } from './helpers';
import { portalLogin } from './portal-login';

// The whole chain in one process: BFF route handlers → in-process upstream → the embedded blade, on the blade tests'
// throw-away database (in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).

inProcessBladeForFile({ config: { testHooks: true, captchaEnabled: true } });

async function login(): Promise<{ cookie: string; body: Record<string, unknown> }> {
  const res = await portalLogin('admin', ADMIN_PASSWORD);
  const body = await res.json();
  expect(res.status).toBe(200);
  return { cookie: nextCookie(res)!, body };
}

it('login → call → logout → the replayed old cookie gets 401', async () => {
  const { cookie, body } = await login();
  expect(body).toMatchObject({ tenant_id: '000000', account: 'admin' });
  expect(body).not.toHaveProperty('access_token');
  expect(body).not.toHaveProperty('refresh_token');

  const me = await GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie }));
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ code: 200, success: true });

  const out = await POST(
    apiRequest('/api/blade-auth/oauth/logout', { method: 'POST', cookie, headers: sameOrigin }),
  );
  expect(out.status).toBe(200);
  expect(setCookies(out)[0]).toMatch(/Max-Age=0/);

  const replay = await GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie }));
  expect(replay.status).toBe(401);
  expect(await replay.json()).toMatchObject({ code: 401, success: false });
});

it('refreshes the tokens with the real refresh grant once the token time has passed', async () => {
  const { cookie } = await login();
  const session = (await unsealSession(cookie.slice(cookie.indexOf('=') + 1)))!;
  const aged = { ...session, tokenTime: Date.now() - getConfig().tokenTime * 1000 - 1 };
  const agedCookie = (await sessionSetCookie(apiRequest('/'), aged)).split(';')[0];

  const res = await GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie: agedCookie }));
  expect(res.status).toBe(200);
  const renewed = await unsealSession(nextCookie(res)!.split('=').slice(1).join('='));
  expect(renewed?.at).not.toBe(session.at);
  expect(renewed?.rt).not.toBe(session.rt);
  expect(renewed?.sid).toBe(session.sid);
});

it('a wrong password is answered with error_description and no session', async () => {
  const res = await portalLogin('admin', `${ADMIN_PASSWORD}-wrong`);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(await res.json()).toHaveProperty('error_description');
  expect(setCookies(res)[0]).toMatch(/Max-Age=0/);
});
