import { setConfigForTests } from '@/lib/env';
import { clientIp, isHttpsRequest, isPublicOrigin } from '@/lib/request-meta';
import { ORIGIN, testConfig } from './helpers';

afterAll(() => setConfigForTests(undefined));

describe('client address', () => {
  it('ignores X-Forwarded-For without trusted proxies (a client can write it)', () => {
    setConfigForTests(testConfig({ trustedProxies: [] }));
    expect(clientIp(new Headers({ 'x-forwarded-for': '6.6.6.6' }))).toBeUndefined();
  });

  it('walks X-Forwarded-For from the right past trusted proxies', () => {
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.0/8', '192.168.1.1'] }));
    const ip = (xff: string) => clientIp(new Headers({ 'x-forwarded-for': xff }));
    expect(ip('203.0.113.7')).toBe('203.0.113.7');
    expect(ip('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(ip('6.6.6.6, 203.0.113.7, 10.1.2.3, 192.168.1.1')).toBe('203.0.113.7');
    expect(ip('10.0.0.5, 10.0.0.6')).toBe('10.0.0.5');
    expect(ip('2001:db8::1')).toBe('2001:db8::1');
    expect(ip('not-an-ip')).toBeUndefined();
    expect(ip('')).toBeUndefined();
  });
});

describe('https detection', () => {
  it('believes X-Forwarded-Proto from trusted proxies', () => {
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.0/8'] }));
    expect(isHttpsRequest(new Headers({ 'x-forwarded-proto': 'https' }), 'http://x/')).toBe(true);
    expect(isHttpsRequest(new Headers({ 'x-forwarded-proto': 'http' }), 'https://x/')).toBe(false);
  });

  it('uses the request URL (set by Next from the socket) otherwise', () => {
    setConfigForTests(testConfig({ trustedProxies: [] }));
    expect(isHttpsRequest(new Headers({ 'x-forwarded-proto': 'https' }), 'http://x/')).toBe(false);
    expect(isHttpsRequest(new Headers(), 'https://x/')).toBe(true);
  });
});

describe('public origins', () => {
  it('accepts only configured origins, never "null"', () => {
    setConfigForTests(testConfig());
    expect(isPublicOrigin(ORIGIN)).toBe(true);
    expect(isPublicOrigin('null')).toBe(false);
    expect(isPublicOrigin(null)).toBe(false);
    expect(isPublicOrigin(`${ORIGIN}.evil.example`)).toBe(false);
  });
});
