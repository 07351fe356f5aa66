import { POST as lock } from '@/app/api/portal/lock/route';
import { GET as sessionInfo } from '@/app/api/portal/session/route';
import { POST as switchRole } from '@/app/api/portal/switch/route';
import { POST as unlock } from '@/app/api/portal/unlock/route';
import { GET as captchaAnswer } from '@/app/api/test-hooks/captcha/route';
import { GET } from '@/app/api/[...path]/route';
import { unsealSession } from '@/lib/session';
import {
  apiRequest,
  json,
  nextCookie,
  sameOrigin,
  sessionCookie,
  useConfig,
  fakeUpstreamForFile,
} from './helpers';

const upstream = fakeUpstreamForFile();

const post = (
  path: string,
  cookie: string | undefined,
  body: unknown,
  headers: Record<string, string> = sameOrigin,
) =>
  apiRequest(path, {
    method: 'POST',
    cookie,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const sealOf = (cookie: string) => unsealSession(cookie.slice(cookie.indexOf('=') + 1));

describe('GET /api/portal/session', () => {
  it('tells the state without tokens', async () => {
    const anonymous = await (await sessionInfo(apiRequest('/api/portal/session'))).json();
    expect(anonymous.data).toEqual({
      loggedIn: false,
      locked: false,
      hasLockPassword: false,
      tenantId: null,
      userId: null,
    });
    const { cookie } = await sessionCookie();
    const res = await sessionInfo(apiRequest('/api/portal/session', { cookie }));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.data).toEqual({
      loggedIn: true,
      locked: false,
      hasLockPassword: false,
      tenantId: '000000',
      userId: '1',
    });
    expect(JSON.stringify(body)).not.toMatch(/at-|rt-/);
  });
});

describe('lock and unlock', () => {
  /** The upstream's lock calls (blade/modules/auth/lock.routes.ts): one auth session's lock state and password. */
  function upstreamLock() {
    const state = { locked: false, password: '' };
    const calls: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
    upstream.handle(async (req, res, body) => {
      const path = req.url ?? '';
      const raw = (await body()).toString();
      const isJson = req.headers['content-type'] === 'application/json';
      const given = (isJson ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw))) as {
        password?: string;
      };
      calls.push({ path, auth: req.headers['blade-auth'] as string | undefined, body: given });
      const refuse = (msg: string) => json(res, 400, { code: 400, success: false, data: {}, msg });
      const done = () =>
        json(res, 200, { code: 200, success: true, data: { hasPassword: true }, msg: '操作成功' });
      if (path === '/blade-auth/oauth/token') {
        return json(res, 200, { access_token: 'renewed-at', refresh_token: 'renewed-rt' });
      }
      if (path === '/blade-auth/oauth/lock') {
        if (!state.password && !given.password) return refuse('锁屏密码不能为空');
        if (state.password && given.password && given.password !== state.password)
          return refuse('锁屏密码错误');
        state.password ||= given.password!;
        state.locked = true;
        return done();
      }
      if (path === '/blade-auth/oauth/unlock') {
        if (state.locked && given.password !== state.password) return refuse('锁屏密码错误');
        state.locked = false;
        return done();
      }
      json(res, 404, { code: 404 });
    });
    return calls;
  }

  it('locks and unlocks upstream, blocks the API with 423 meanwhile, unlocks with a new session id', async () => {
    const calls = upstreamLock();
    const { session, cookie } = await sessionCookie();
    const first = await lock(post('/api/portal/lock', cookie, {}));
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({ code: 400, msg: '锁屏密码不能为空' });

    const locked = await lock(post('/api/portal/lock', cookie, { password: 'pa55' }));
    expect(locked.status).toBe(200);
    expect(calls.at(-1)).toEqual({
      path: '/blade-auth/oauth/lock',
      auth: `bearer ${session.at}`,
      body: { password: 'pa55' },
    });
    const lockedCookie = nextCookie(locked)!;
    const lockedSession = await sealOf(lockedCookie);
    expect(lockedSession?.lock).toEqual({ locked: true, hasPassword: true });
    // The cookie keeps no trace of the lock password: the upstream holds it.
    expect(JSON.stringify(lockedSession)).not.toContain('pa55');

    const info = await (
      await sessionInfo(apiRequest('/api/portal/session', { cookie: lockedCookie }))
    ).json();
    expect(info.data).toMatchObject({ locked: true, hasLockPassword: true });
    expect((await GET(apiRequest('/api/blade-system/menu/routes', { cookie: lockedCookie }))).status).toBe(
      423,
    );

    const wrong = await unlock(post('/api/portal/unlock', lockedCookie, { password: 'nope' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 400, msg: '锁屏密码错误' });

    const right = await unlock(post('/api/portal/unlock', lockedCookie, { password: 'pa55' }));
    expect(right.status).toBe(200);
    const unlocked = await sealOf(nextCookie(right)!);
    expect(unlocked?.lock).toEqual({ locked: false, hasPassword: true });
    expect(unlocked?.sid).not.toBe(session.sid);

    // Later locks reuse the password: without it, or checked when given.
    const again = nextCookie(right)!;
    expect((await lock(post('/api/portal/lock', again, { password: 'other' }))).status).toBe(400);
    expect((await lock(post('/api/portal/lock', again, {}))).status).toBe(200);
  });

  it('renews due tokens first, and keeps the renewed ones when the upstream refuses', async () => {
    const calls = upstreamLock();
    const { cookie } = await sessionCookie({ tokenTime: 0 });
    const refused = await lock(post('/api/portal/lock', cookie, {}));
    expect(refused.status).toBe(400);
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      ['/blade-auth/oauth/token', undefined],
      ['/blade-auth/oauth/lock', 'bearer renewed-at'],
    ]);
    // The old refresh token is spent: the cookie must carry the new pair although the lock was refused.
    expect(await sealOf(nextCookie(refused)!)).toMatchObject({ at: 'renewed-at', rt: 'renewed-rt' });
  });

  it('needs a session and the CSRF proof', async () => {
    expect((await lock(post('/api/portal/lock', undefined, { password: 'x' }))).status).toBe(401);
    const { cookie } = await sessionCookie();
    expect((await lock(post('/api/portal/lock', cookie, { password: 'x' }, {}))).status).toBe(403);
    expect(
      (await unlock(post('/api/portal/unlock', cookie, { password: 'x' }, { 'x-csrf': '1', origin: 'null' })))
        .status,
    ).toBe(403);
  });
});

describe('POST /api/portal/switch', () => {
  it('re-grants with Dept-Id and Role-Id and writes a new session', async () => {
    upstream.handle((req, res) =>
      json(res, 200, {
        access_token: 'sw-at',
        refresh_token: 'sw-rt',
        dept_id: req.headers['dept-id'],
        role_id: req.headers['role-id'],
      }),
    );
    const { session, cookie } = await sessionCookie();
    const res = await switchRole(post('/api/portal/switch', cookie, { deptId: '11', roleId: '22' }));
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, data: { dept_id: '11', role_id: '22' } });
    expect(JSON.stringify(body)).not.toContain('sw-at');
    const next = await sealOf(nextCookie(res)!);
    expect(next).toMatchObject({ at: 'sw-at', rt: 'sw-rt' });
    expect(next?.sid).not.toBe(session.sid);
  });

  it('keeps the session when the upstream refuses the choice', async () => {
    upstream.handle((_req, res) => json(res, 400, { error_description: '无权切换到该角色' }));
    const { cookie } = await sessionCookie();
    const res = await switchRole(post('/api/portal/switch', cookie, { deptId: '11', roleId: '22' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: '无权切换到该角色' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('GET /api/test-hooks/captcha', () => {
  it('does not exist without TEST_HOOKS', async () => {
    expect((await captchaAnswer(apiRequest('/api/test-hooks/captcha?key=k'))).status).toBe(404);
    expect(upstream.seen).toHaveLength(0);
  });

  it('asks the upstream for the answer when TEST_HOOKS is on', async () => {
    await useConfig({ bladeApiUrl: upstream.url, testHooks: true });
    upstream.handle((req, res) =>
      json(res, 200, { code: 200, data: new URL(req.url!, 'http://x').searchParams.get('key') }),
    );
    const res = await captchaAnswer(apiRequest('/api/test-hooks/captcha?key=k%261'));
    expect(await res.json()).toMatchObject({ data: 'k&1' });
    expect(upstream.seen[0].url).toBe('/blade-auth/oauth/captcha/answer?key=k%261');
    await useConfig({ bladeApiUrl: upstream.url });
  });
});
