import { GET, POST } from '@/app/api/[...path]/route';
import { RateLimiter, WINDOW_MS, resetRateLimitsForTests } from '@/lib/bff/rate-limit';
import { apiRequest, fakeUpstreamForFile, json, sameOrigin, useConfig } from '../bff/helpers';

const upstream = fakeUpstreamForFile();

// The portal sits behind a corporate proxy (10.0.0.0/8); the office's public address is what the portal sees.
const OFFICE = '203.0.113.7';
const RIGHT_PASSWORD = 'right';
const viaProxy = (client: string) => ({ 'x-forwarded-for': `${client}, 10.0.0.5` });

function login(account: string, client = OFFICE, tenant = '000000', password = 'x') {
  return POST(
    apiRequest('/api/blade-auth/oauth/token', {
      method: 'POST',
      headers: {
        ...sameOrigin,
        ...viaProxy(client),
        'tenant-id': tenant,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'captcha', username: account, password }).toString(),
    }),
  );
}

const captcha = (client = OFFICE) =>
  GET(apiRequest('/api/blade-auth/oauth/captcha', { headers: viaProxy(client) }));

function limits(given: { account?: number; address?: number; captcha?: number } = {}) {
  resetRateLimitsForTests();
  return {
    bladeApiUrl: upstream.url,
    trustedProxies: ['10.0.0.0/8'],
    rateLimitLoginAccount: given.account ?? 20,
    rateLimitLoginAddress: given.address ?? 1200,
    rateLimitCaptchaAddress: given.captcha ?? 2400,
  };
}

beforeEach(() => {
  upstream.handle(async (req, res, body) => {
    if (req.url?.startsWith('/blade-auth/oauth/captcha')) {
      json(res, 200, { code: 200, data: { key: 'k', image: 'data:image/svg+xml;base64,' } });
      return;
    }
    if (new URLSearchParams((await body()).toString()).get('password') === RIGHT_PASSWORD) {
      json(res, 200, { access_token: 'at', refresh_token: 'rt', tenant_id: '000000', user_id: '1' });
      return;
    }
    json(res, 400, { error_code: 400, error_description: '用户名或密码错误' });
  });
});

describe('login and captcha rate limits', () => {
  it('lets 300 staff behind one proxy address log in within ten minutes (captcha and login each)', async () => {
    await useConfig(limits());
    for (let i = 0; i < 300; i++) {
      expect((await captcha()).status).toBe(200);
      // Every tenth person mistypes once and tries again.
      const tries = i % 10 === 0 ? 2 : 1;
      for (let t = 0; t < tries; t++) expect((await login(`staff${i}`)).status).toBe(400);
    }
    expect(upstream.seen.filter((s) => s.url.startsWith('/blade-auth/oauth/token'))).toHaveLength(330);
  });

  it('limits one account from one address, with 429 and Retry-After', async () => {
    await useConfig(limits({ account: 5 }));
    for (let i = 0; i < 5; i++) expect((await login('admin', '198.51.100.1')).status).toBe(400);
    const refused = await login('ADMIN', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429, success: false });
    const retryAfter = Number(refused.headers.get('retry-after'));
    // 5 per 10 minutes: one attempt comes back every 120 s.
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // The refused attempt never reached the upstream; the same name in another tenant is another account.
    expect(upstream.seen).toHaveLength(5);
    expect((await login('admin', '198.51.100.1', '100001')).status).toBe(400);
  });

  it("does not let a stranger's attempts from other addresses stop the real user's login", async () => {
    await useConfig(limits({ account: 5 }));
    // Twenty addresses, each guessing until it is refused.
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 6; i++) await login('admin', `198.51.100.${a}`);
      expect((await login('admin', `198.51.100.${a}`)).status).toBe(429);
    }
    const real = await login('admin', OFFICE, '000000', RIGHT_PASSWORD);
    expect(real.status).toBe(200);
    expect(real.headers.getSetCookie()[0]).toMatch(/portal-session=[^;]/);
  });

  it('limits one client address across accounts; other addresses are unaffected', async () => {
    await useConfig(limits({ address: 3 }));
    for (let i = 0; i < 3; i++) expect((await login(`user${i}`)).status).toBe(400);
    const refused = await login('user9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('user9', '192.0.2.44')).status).toBe(400);
  });

  it('limits captcha images per client address', async () => {
    await useConfig(limits({ captcha: 2 }));
    expect((await captcha()).status).toBe(200);
    expect((await captcha()).status).toBe(200);
    const refused = await captcha();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await captcha('192.0.2.45')).status).toBe(200);
  });

  it('believes the forwarded address only from trusted proxies', async () => {
    await useConfig(limits({ address: 2 }));
    // Not via a trusted proxy: the client-chosen X-Forwarded-For cannot buy fresh buckets.
    const spoof = (ip: string) =>
      POST(
        apiRequest('/api/blade-auth/oauth/token', {
          method: 'POST',
          headers: {
            ...sameOrigin,
            'x-forwarded-for': `${ip}, ${OFFICE}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=captcha&username=u&password=x',
        }),
      );
    // OFFICE is not a trusted proxy, so it is the client for every one of these.
    expect((await spoof('1.1.1.1')).status).toBe(400);
    expect((await spoof('2.2.2.2')).status).toBe(400);
    expect((await spoof('3.3.3.3')).status).toBe(429);
  });

  it('paces the public writes (codes, registration) per address like a login; public reads are not counted', async () => {
    await useConfig(limits({ address: 3 }));
    upstream.handle((req, res) =>
      json(res, 200, { code: 200, success: true, data: { codeId: '1' }, msg: 'ok' }),
    );
    const send = (client: string) =>
      POST(
        apiRequest('/api/blade-customer/user/sendValidateEmail', {
          method: 'POST',
          headers: { ...sameOrigin, ...viaProxy(client), 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@example.com' }),
        }),
      );
    for (let i = 0; i < 3; i++) expect((await send('198.51.100.9')).status).toBe(200);
    const refused = await send('198.51.100.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(upstream.seen).toHaveLength(3);
    expect((await send('198.51.100.10')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await GET(
            apiRequest('/api/blade-user/my/checkSMSLoginEnable', { headers: viaProxy('198.51.100.9') }),
          )
        ).status,
      ).toBe(200);
  });
});

describe('RateLimiter', () => {
  it('refills evenly over the window', () => {
    const limiter = new RateLimiter(() => 10);
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) expect(limiter.take('k', t0)).toBe(0);
    expect(limiter.take('k', t0)).toBe(Math.ceil(WINDOW_MS / 10 / 1000));
    expect(limiter.take('k', t0 + WINDOW_MS / 10)).toBe(0);
    expect(limiter.take('k', t0 + WINDOW_MS / 10)).toBeGreaterThan(0);
    expect(limiter.take('other', t0)).toBe(0);
  });
});
