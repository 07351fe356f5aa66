import { isUnsafeMethod, passesCsrfCheck } from '@/lib/bff/csrf';
import { forwardRequestHeaders, stripResponseHeaders } from '@/lib/bff/headers';
import { setConfigForTests } from '@/lib/env';
import { ORIGIN, testConfig } from './helpers';

beforeAll(() => setConfigForTests(testConfig()));
afterAll(() => setConfigForTests(undefined));

describe('CSRF', () => {
  const check = (headers: Record<string, string>) => passesCsrfCheck(new Headers(headers));

  it('knows the unsafe methods', () => {
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].every(isUnsafeMethod)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isUnsafeMethod)).toBe(false);
  });

  it('needs same-origin and X-CSRF: 1', () => {
    expect(check({ 'sec-fetch-site': 'same-origin', 'x-csrf': '1' })).toBe(true);
    expect(check({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(check({ 'sec-fetch-site': 'same-origin', 'x-csrf': 'yes' })).toBe(false);
    expect(check({ 'sec-fetch-site': 'cross-site', 'x-csrf': '1', origin: ORIGIN })).toBe(false);
    expect(check({ 'sec-fetch-site': 'same-site', 'x-csrf': '1' })).toBe(false);
    expect(check({ 'sec-fetch-site': 'none', 'x-csrf': '1' })).toBe(false);
  });

  it('falls back to the Origin allowlist only when Sec-Fetch-Site is absent', () => {
    expect(check({ origin: ORIGIN, 'x-csrf': '1' })).toBe(true);
    expect(check({ origin: 'null', 'x-csrf': '1' })).toBe(false);
    expect(check({ origin: 'https://evil.example', 'x-csrf': '1' })).toBe(false);
    expect(check({ 'x-csrf': '1' })).toBe(false);
  });
});

describe('header filtering', () => {
  it('drops browser credentials, identity, hop-by-hop and internal headers', () => {
    const out = forwardRequestHeaders(
      new Headers({
        'blade-auth': 'bearer stolen',
        authorization: 'Basic x',
        'tenant-id': '999999',
        'dept-id': '1',
        'role-id': '1',
        cookie: 'a=b',
        connection: 'keep-alive, x-custom-hop',
        'x-custom-hop': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        upgrade: 'websocket',
        te: 'trailers',
        'x-forwarded-for': '1.2.3.4',
        'x-blade-client-ip': '1.2.3.4',
        'x-middleware-subrequest': 'middleware',
        'x-csrf': '1',
        host: 'evil',
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': 'zh-CN',
        'user-type': 'web',
      }),
    );
    expect([...out.keys()].sort()).toEqual(['accept', 'accept-language', 'content-type', 'user-type']);
  });

  it('drops upstream cookies and hop-by-hop headers from responses', () => {
    const out = new Headers({
      'set-cookie': 'upstream=1',
      connection: 'close, x-upstream-hop',
      'x-upstream-hop': '1',
      'transfer-encoding': 'chunked',
      'content-type': 'application/pdf',
      'content-disposition': "attachment; filename*=UTF-8''a.pdf",
      'content-length': '10',
    });
    stripResponseHeaders(out);
    expect([...out.keys()].sort()).toEqual(['content-disposition', 'content-length', 'content-type']);
  });
});
