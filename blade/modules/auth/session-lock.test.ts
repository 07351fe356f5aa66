import {
  ADMIN_PASSWORD,
  harnessPerFile,
  PLATFORM,
  SETUP_TIMEOUT,
  type CallResult,
  type Harness,
  type TokenBody,
} from '../../testing/harness';

// The screen lock is a state of the auth session on the server (SECURITY 27): every copy of the session's tokens is
// locked with it. The portal calls lock and unlock for the browser; the proxy does not offer them.

let h: Harness;
const logged: string[] = [];

harnessPerFile(
  (made) => {
    h = made;
  },
  SETUP_TIMEOUT,
  { log: (line) => logged.push(line) },
);

const lock = (token: string, body: object = {}): Promise<CallResult> =>
  h.call('/blade-auth/oauth/lock', token, body);
const unlock = (token: string, body: object = {}): Promise<CallResult> =>
  h.call('/blade-auth/oauth/unlock', token, body);
const get = (path: string, token: string) => h.call(path, token);
const refresh = async (token: string) =>
  (await h.token({ grant_type: 'refresh_token', refresh_token: token, scope: 'all' })).json() as Promise<
    TokenBody & { error_code?: number }
  >;

describe('screen lock', () => {
  it('locks every call of the session but unlock and logout; unlock needs the lock password', async () => {
    const { access_token: token } = await h.login('admin', ADMIN_PASSWORD);
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(200);

    expect(await lock(token)).toMatchObject({ status: 400, code: 400, msg: '锁屏密码不能为空' });
    expect(await lock(token, { password: 'pa55' })).toMatchObject({ status: 200, code: 200 });

    for (const path of [
      '/blade-auth/oauth/user-info',
      '/blade-system/menu/routes',
      '/blade-user/my/detail',
    ]) {
      const res = await get(path, token);
      expect(res).toMatchObject({ status: 423, code: 423, success: false, msg: '会话已锁定，请先解锁' });
      expect(res.data).toEqual({});
    }

    expect(await unlock(token, { password: 'nope' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '锁屏密码错误',
    });
    expect(await unlock(token)).toMatchObject({ status: 400, msg: '锁屏密码不能为空' });
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(423);
    expect(await unlock(token, { password: 'pa55' })).toMatchObject({ status: 200, code: 200 });
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(200);

    // Later locks keep the password: omitted, or checked when given.
    expect(await lock(token, { password: 'other' })).toMatchObject({ status: 400, msg: '锁屏密码错误' });
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(200);
    expect(await lock(token)).toMatchObject({ status: 200 });
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(423);
    // Logout works while locked.
    expect((await h.authed('/blade-auth/oauth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(401);
  });

  it('locks only this session: the same user elsewhere goes on', async () => {
    const here = await h.login('admin', ADMIN_PASSWORD);
    const elsewhere = await h.login('admin', ADMIN_PASSWORD);
    expect((await lock(here.access_token, { password: 'pa55' })).status).toBe(200);
    expect((await get('/blade-auth/oauth/user-info', here.access_token)).status).toBe(423);
    expect((await get('/blade-auth/oauth/user-info', elsewhere.access_token)).status).toBe(200);
    // Elsewhere has no lock password yet.
    expect(await lock(elsewhere.access_token)).toMatchObject({ status: 400, msg: '锁屏密码不能为空' });
  });

  it('keeps refreshed tokens of a locked session locked', async () => {
    const first = await h.login('admin', ADMIN_PASSWORD);
    expect((await lock(first.access_token, { password: 'pa55' })).status).toBe(200);
    const renewed = await refresh(first.refresh_token);
    expect(renewed.access_token).toBeTruthy();
    expect((await get('/blade-auth/oauth/user-info', renewed.access_token)).status).toBe(423);
    expect((await unlock(renewed.access_token, { password: 'pa55' })).status).toBe(200);
    expect((await get('/blade-auth/oauth/user-info', first.access_token)).status).toBe(200);
  });

  it('ends the session after 5 wrong lock passwords in a row', async () => {
    const { access_token: token, refresh_token: refreshToken } = await h.login('admin', ADMIN_PASSWORD);
    expect((await lock(token, { password: 'pa55' })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await unlock(token, { password: `guess-${i}` })).status).toBe(400);
    expect((await unlock(token, { password: 'guess-4' })).status).toBe(401);
    expect((await unlock(token, { password: 'pa55' })).status).toBe(401);
    expect((await get('/blade-auth/oauth/user-info', token)).status).toBe(401);
    expect((await refresh(refreshToken)).error_code).toBe(401);
    expect(logged.some((line) => line.includes('wrong lock passwords'))).toBe(true);
  });

  it('keeps the lock password hashed', async () => {
    const { access_token: token } = await h.login('admin', ADMIN_PASSWORD);
    expect((await lock(token, { password: 'clear-text-lock' })).status).toBe(200);
    const rows = await h.blade.db
      .selectFrom('blade_auth_session')
      .selectAll()
      .where('tenant_id', '=', PLATFORM)
      .execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('clear-text-lock');
    expect(text).toContain('$argon2id$');
  });
});
