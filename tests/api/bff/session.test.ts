import { createHmac, randomBytes } from 'node:crypto';
import { setConfigForTests } from '@/lib/env';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  openSession,
  readSession,
  sealSession,
  sessionSetCookie,
  touchSession,
  unsealSession,
  type PortalSession,
} from '@/lib/session';
import { ORIGIN, testConfig } from './helpers';

const OLD_KEY = 'old-session-key-0123456789abcdefghijklmn';
const NEW_KEY = 'new-session-key-0123456789abcdefghijklmn';

afterAll(() => setConfigForTests(undefined));
beforeEach(() => setConfigForTests(testConfig()));

function session(fields: Partial<PortalSession> = {}): PortalSession {
  return { ...createSession({ at: 'a.b.c', rt: 'r.s.t', tenantId: '000000', userId: '42' }), ...fields };
}

/** A BladeX-like HS512 access token for a user with many roles and long Chinese names. */
function heavyToken(roles: number): string {
  const id = () => `1${randomBytes(8).readBigUInt64BE().toString().padStart(18, '0').slice(0, 18)}`;
  const longName = '国家认证认可监督管理委员会认证技术研究所检测中心高级工程师张三丰';
  const roleIds = Array.from({ length: roles }, id);
  const payload = {
    iss: 'issuser',
    aud: 'audience',
    token_type: 'access_token',
    tenant_id: '000000',
    user_id: id(),
    dept_id: Array.from({ length: 5 }, id).join(','),
    post_id: Array.from({ length: 5 }, id).join(','),
    role_id: roleIds.join(','),
    role_name: roleIds.map((_, i) => `认证业务审核角色第${i + 1}号_reviewer_${i}`).join(','),
    account: 'certification_reviewer_account',
    user_name: 'certification_reviewer_account',
    nick_name: longName,
    real_name: longName,
    dept_name: `${longName}部门`,
    client_id: 'portal',
    detail: { type: 'web' },
    jti: randomBytes(16).toString('hex'),
    exp: 1_900_000_000,
    nbf: 1_899_996_400,
  };
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS512' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha512', 'k').update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

describe('seal', () => {
  it('round-trips and refuses tampering or foreign keys', async () => {
    const s = session({ lock: { locked: true, hasPassword: true } });
    const seal = await sealSession(s);
    expect(await unsealSession(seal)).toEqual(s);
    expect(await unsealSession(`${seal.slice(0, 40)}A${seal.slice(41)}`)).toBeNull();
    expect(await unsealSession('garbage')).toBeNull();
    setConfigForTests(testConfig({ sessionSecrets: [NEW_KEY] }));
    expect(await unsealSession(seal)).toBeNull();
  });

  it('no longer opens a seal that kept the lock password itself (the upstream keeps the lock now)', async () => {
    const legacy = { ...session(), lock: { locked: true, hash: 's1$x$y' } } as unknown as PortalSession;
    expect(await unsealSession(await sealSession(legacy))).toBeNull();
  });

  it('round-trips real JWTs exactly', async () => {
    const s = session({ at: heavyToken(3), rt: heavyToken(1) });
    expect(await unsealSession(await sealSession(s))).toEqual(s);
  });

  it('rotates keys: the first seals, every configured key opens, in any order', async () => {
    setConfigForTests(testConfig({ sessionSecrets: [OLD_KEY] }));
    const oldSeal = await sealSession(session());
    setConfigForTests(testConfig({ sessionSecrets: [NEW_KEY, OLD_KEY] }));
    expect(await unsealSession(oldSeal)).not.toBeNull();
    const newSeal = await sealSession(session());
    setConfigForTests(testConfig({ sessionSecrets: [NEW_KEY] }));
    expect(await unsealSession(newSeal)).not.toBeNull();
    expect(await unsealSession(oldSeal)).toBeNull();
  });
});

describe('timeouts (from the times inside the seal)', () => {
  it('ends an idle session', async () => {
    const { sessionIdleTimeout } = testConfig();
    const now = Date.now();
    const seal = await sealSession(session({ lastSeenAt: now - sessionIdleTimeout * 1000 - 1 }), now);
    expect(await unsealSession(seal)).not.toBeNull();
    expect(await openSession(seal, now)).toBeNull();
    const fresh = await sealSession(session({ lastSeenAt: now - 1000 }), now);
    expect(await openSession(fresh, now)).not.toBeNull();
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const { sessionAbsoluteTimeout } = testConfig();
    const now = Date.now();
    const created = now - sessionAbsoluteTimeout * 1000 - 1;
    const s = session({ createdAt: created, lastSeenAt: now });
    const seal = await sealSession({ ...s, createdAt: now });
    const forged = await sealSession(s, created + 1000);
    expect(await openSession(seal, now)).not.toBeNull();
    expect(await openSession(forged, now)).toBeNull();
  });

  it('judges the timeouts on every open, also for a seal opened a moment ago', async () => {
    const { sessionIdleTimeout } = testConfig();
    const now = Date.now();
    const seal = await sealSession(session({ lastSeenAt: now }), now);
    const first = await openSession(seal, now);
    expect(first).not.toBeNull();
    first!.userId = 'changed by a caller';
    expect((await openSession(seal, now))?.userId).toBe('42');
    expect(await openSession(seal, now + sessionIdleTimeout * 1000 + 1)).toBeNull();
  });

  it('touches lastSeenAt at most once a minute', () => {
    const now = Date.now();
    expect(touchSession(session({ lastSeenAt: now - 5_000 }), now)).toBeNull();
    expect(touchSession(session({ lastSeenAt: now - 61_000 }), now)?.lastSeenAt).toBe(now);
  });
});

describe('cookie', () => {
  it('is httpOnly, SameSite=Lax, Path=/, without Domain, plain-named over http', async () => {
    const cookie = await sessionSetCookie(new Request(`${ORIGIN}/`), session());
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(cookie).not.toMatch(/Domain|Secure/i);
  });

  it('is __Host- prefixed and Secure over https (via a trusted proxy)', async () => {
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.1'] }));
    const request = new Request(`${ORIGIN}/`, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = await sessionSetCookie(request, session());
    expect(cookie.startsWith(`${SECURE_SESSION_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(clearSessionCookie(request)).toBe(
      `${SECURE_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure`,
    );
  });

  it('over https only the __Host- cookie is read', async () => {
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.1'] }));
    const seal = await sealSession(session());
    const https = { 'x-forwarded-proto': 'https' };
    const plain = new Request(`${ORIGIN}/`, { headers: { ...https, cookie: `${SESSION_COOKIE}=${seal}` } });
    const secure = new Request(`${ORIGIN}/`, {
      headers: { ...https, cookie: `x=1; ${SECURE_SESSION_COOKIE}=${seal}` },
    });
    expect(await readSession(plain)).toBeNull();
    expect(await readSession(secure)).not.toBeNull();
  });

  it('stays under 3,800 bytes for a user with 20 roles and long Chinese names', async () => {
    const s = session({
      at: heavyToken(20),
      rt: heavyToken(0),
      lock: { locked: true, hasPassword: true },
    });
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.1'] }));
    const request = new Request(`${ORIGIN}/`, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = await sessionSetCookie(request, s);
    expect(s.at.length).toBeGreaterThan(2500);
    expect(Buffer.byteLength(`Set-Cookie: ${cookie}`)).toBeLessThan(3800);
    expect(
      await readSession(
        new Request(`${ORIGIN}/`, {
          headers: { 'x-forwarded-proto': 'https', cookie: cookie.split(';')[0] },
        }),
      ),
    ).toEqual(s);
  });
});
