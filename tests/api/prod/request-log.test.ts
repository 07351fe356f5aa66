import { Writable } from 'node:stream';
import pino from 'pino';
import { GET, POST } from '@/app/api/[...path]/route';
import { GET as sessionInfo } from '@/app/api/portal/session/route';
import { setLoggerForTests } from '@/lib/log';
import { resetRateLimitsForTests } from '@/lib/bff/rate-limit';
import { apiRequest, fakeUpstreamForFile, json, nextCookie, sameOrigin, useConfig } from '../bff/helpers';

const upstream = fakeUpstreamForFile();
let lines: string[] = [];

beforeAll(async () => {
  await useConfig({ bladeApiUrl: upstream.url, trustedProxies: ['10.0.0.0/8'] });
});
beforeEach(() => {
  lines = [];
  resetRateLimitsForTests();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  setLoggerForTests(pino({ level: 'info', base: { service: 'portal' } }, sink));
});
afterAll(() => setLoggerForTests(undefined));

const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request log and request ids', () => {
  it('logs one line per call with id, tenant, user, route, status and duration; the id is in X-Request-Id', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, data: [] }));
    const { cookie } = await loginCookie();
    lines = [];
    const res = await GET(
      apiRequest('/api/blade-system/menu/routes?secret-query=1', {
        cookie,
        headers: { 'x-forwarded-for': '198.51.100.3, 10.1.1.1' },
      }),
    );
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = records().filter((r) => r.msg === 'request');
    expect(line).toMatchObject({
      reqId: id,
      tenant: '000000',
      user: '42',
      method: 'GET',
      route: '/api/blade-system/menu/routes',
      status: 200,
      ip: '198.51.100.3',
    });
    expect(typeof line.durationMs).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-query');
  });

  it('keeps a well-formed id given by the reverse proxy, replaces a malformed one', async () => {
    const good = await sessionInfo(
      apiRequest('/api/portal/session', { headers: { 'x-request-id': 'nginx-0123abcd' } }),
    );
    expect(good.headers.get('x-request-id')).toBe('nginx-0123abcd');
    const bad = await sessionInfo(
      apiRequest('/api/portal/session', { headers: { 'x-request-id': 'a"{evil} or=1' } }),
    );
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(records().map((r) => r.reqId)).toContain('nginx-0123abcd');
  });

  it("sends the call's request id upstream, never one the browser chose", async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, data: [] }));
    const { cookie } = await loginCookie();
    upstream.seen.length = 0;
    const res = await GET(
      apiRequest('/api/blade-system/menu/routes', { cookie, headers: { 'x-request-id': 'a"{evil} or=1' } }),
    );
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream.seen.map((call) => call.headers['x-request-id'])).toEqual([id]);
  });

  it('never logs the password, captcha answer, tokens or cookie of a login → call → logout journey', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, data: {} }));
    const { cookie, secrets } = await loginCookie();
    await GET(apiRequest('/api/blade-user/info', { cookie }));
    upstream.handle((_req, res) => json(res, 500, { code: 500, msg: 'boom' }));
    await GET(apiRequest('/api/blade-user/info', { cookie }));
    await POST(apiRequest('/api/blade-auth/oauth/logout', { method: 'POST', cookie, headers: sameOrigin }));
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const secret of [...secrets, cookie, cookie.split('=')[1]]) expect(log).not.toContain(secret);
  });
});

async function loginCookie() {
  const secrets = [
    'Pa55word-in-clear',
    'e10adc3949ba59abbe56e057f20f883e',
    'QX7Z',
    'access-token-xyz',
    'refresh-token-xyz',
  ];
  upstream.handle((req, res) => {
    if (req.url?.startsWith('/blade-auth/oauth/token')) {
      json(res, 200, {
        access_token: 'access-token-xyz',
        refresh_token: 'refresh-token-xyz',
        tenant_id: '000000',
        user_id: '42',
      });
    } else json(res, 200, { code: 200, data: {} });
  });
  const res = await POST(
    apiRequest('/api/blade-auth/oauth/token', {
      method: 'POST',
      headers: {
        ...sameOrigin,
        'tenant-id': '000000',
        'captcha-key': 'key-1',
        'captcha-code': 'QX7Z',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `grant_type=captcha&username=admin&password=e10adc3949ba59abbe56e057f20f883e&plain=Pa55word-in-clear`,
    }),
  );
  expect(res.status).toBe(200);
  const login = records().find((r) => r.route === '/api/blade-auth/oauth/token');
  expect(login).toMatchObject({ tenant: '000000', user: '42', status: 200 });
  return { cookie: nextCookie(res)!, secrets };
}
