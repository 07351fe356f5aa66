import { GET, POST } from '@/app/api/[...path]/route';
import { POST as lock } from '@/app/api/portal/lock/route';
import { GET as sessionInfo } from '@/app/api/portal/session/route';
import { POST as unlock } from '@/app/api/portal/unlock/route';
import { md5Hex } from '@/blade/modules/auth/password';
import { addUserInRole } from '@/blade/testing/fixtures';
import { ADMIN_PASSWORD, PLATFORM, SETUP_TIMEOUT, type Harness } from '@/blade/testing/harness';
import { unsealSession } from '@/lib/session';
import { apiRequest, inProcessBladeForFile, nextCookie, sameOrigin } from './helpers';
import { portalCaptcha } from './portal-login';

// Ways a browser session ends or locks on the server (SECURITY 4, 27), through the portal's own handlers and the
// embedded blade: a copy of the cookie must not outlive them.

let harness: Harness;

const inProcess = inProcessBladeForFile({ config: { testHooks: true, captchaEnabled: true } });

beforeAll(async () => {
  harness = inProcess.harness;
  const db = harness.blade.db;
  await addUserInRole(db, PLATFORM, { account: 'mover', roleAlias: 'user', password: 'mover-pass' });
}, SETUP_TIMEOUT);

/** Logs in through the portal; `cookie` is the session cookie the browser already holds, if any. */
async function login(account: string, password: string, cookie?: string): Promise<string> {
  const { key, answer } = await portalCaptcha();
  const res = await POST(
    apiRequest('/api/blade-auth/oauth/token', {
      method: 'POST',
      cookie,
      headers: {
        ...sameOrigin,
        'tenant-id': PLATFORM,
        'captcha-key': key,
        'captcha-code': answer,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        tenantId: PLATFORM,
        username: account,
        password: md5Hex(password),
        grant_type: 'captcha',
        scope: 'all',
      }).toString(),
    }),
  );
  expect(res.status).toBe(200);
  return nextCookie(res)!;
}

const userInfo = (cookie: string) => GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie }));
const portalPost = (handler: (r: Request) => Promise<Response>, path: string, cookie: string, body: object) =>
  handler(
    apiRequest(path, {
      method: 'POST',
      cookie,
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
const sidOf = async (cookie: string) => (await unsealSession(cookie.slice(cookie.indexOf('=') + 1)))?.sid;

describe('screen lock', () => {
  it('a copy of the cookie taken before the lock gets no data while the session is locked', async () => {
    const cookie = await login('admin', ADMIN_PASSWORD);
    const copy = cookie;
    expect((await userInfo(copy)).status).toBe(200);

    const locked = await portalPost(lock, '/api/portal/lock', cookie, { password: 'lock-1234' });
    expect(locked.status).toBe(200);
    const lockedCookie = nextCookie(locked)!;

    const stolen = await userInfo(copy);
    expect(stolen.status).toBe(423);
    const body = await stolen.json();
    expect(body).toMatchObject({ code: 423, success: false });
    expect(JSON.stringify(body)).not.toContain('admin');
    expect((await GET(apiRequest('/api/blade-system/menu/routes', { cookie: copy }))).status).toBe(423);
    expect((await userInfo(lockedCookie)).status).toBe(423);

    const info = await (
      await sessionInfo(apiRequest('/api/portal/session', { cookie: lockedCookie }))
    ).json();
    expect(info.data).toMatchObject({ locked: true, hasLockPassword: true });

    // Unlocking needs the lock password, even from the copy (its cookie does not say locked).
    expect((await portalPost(unlock, '/api/portal/unlock', copy, { password: 'nope' })).status).toBe(400);
    expect((await userInfo(copy)).status).toBe(423);
    const wrong = await portalPost(unlock, '/api/portal/unlock', lockedCookie, { password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 400, msg: '锁屏密码错误' });

    const right = await portalPost(unlock, '/api/portal/unlock', lockedCookie, { password: 'lock-1234' });
    expect(right.status).toBe(200);
    const unlocked = nextCookie(right)!;
    expect(await sidOf(unlocked)).not.toBe(await sidOf(cookie));
    expect((await userInfo(unlocked)).status).toBe(200);

    // Later locks reuse the lock password kept on the server.
    const again = await (await sessionInfo(apiRequest('/api/portal/session', { cookie: unlocked }))).json();
    expect(again.data).toMatchObject({ locked: false, hasLockPassword: true });
    expect((await portalPost(lock, '/api/portal/lock', unlocked, {})).status).toBe(200);
    expect((await userInfo(copy)).status).toBe(423);
  });

  it('the browser cannot call the lock calls upstream directly', async () => {
    const cookie = await login('admin', ADMIN_PASSWORD);
    for (const call of ['lock', 'unlock']) {
      const res = await POST(
        apiRequest(`/api/blade-auth/oauth/${call}`, {
          method: 'POST',
          cookie,
          headers: { ...sameOrigin, 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'x' }),
        }),
      );
      expect(res.status).toBe(404);
    }
  });
});

describe('a new login in the browser', () => {
  it('ends the session it replaces', async () => {
    const first = await login('mover', 'mover-pass');
    expect((await userInfo(first)).status).toBe(200);
    const second = await login('admin', ADMIN_PASSWORD, first);
    expect((await userInfo(first)).status).toBe(401);
    const me = await userInfo(second);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ data: { account: 'admin' } });
  });
});

describe('a password change through the portal', () => {
  it('keeps this browser under a new session id and ends the copies and other logins', async () => {
    const elsewhere = await login('mover', 'mover-pass');
    const cookie = await login('mover', 'mover-pass');
    const res = await POST(
      apiRequest('/api/blade-user/my/update-password', {
        method: 'POST',
        cookie,
        headers: { ...sameOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({
          oldPassword: md5Hex('mover-pass'),
          newPassword: md5Hex('mover-next'),
          newPassword1: md5Hex('mover-next'),
        }),
      }),
    );
    expect(await res.json()).toMatchObject({ code: 200 });
    const renewed = nextCookie(res)!;
    expect(await sidOf(renewed)).not.toBe(await sidOf(cookie));
    expect((await userInfo(renewed)).status).toBe(200);
    expect((await userInfo(elsewhere)).status).toBe(401);
  });
});
