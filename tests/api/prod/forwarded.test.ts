import { setConfigForTests } from '@/lib/env';
import { clientIp, isHttpsRequest } from '@/lib/request-meta';
import { hostFromHeaders } from '@/lib/server/request-host';
import { testConfig } from '../bff/helpers';

// Behind scripts/server.mjs (PORTAL_SERVER=1) the forwarded headers were rewritten from the TCP peer, so they are
// believed even without TRUSTED_PROXIES; under `next start` only with TRUSTED_PROXIES (lib/request-meta.ts).

afterAll(() => setConfigForTests(undefined));

const h = (init: Record<string, string>) => new Headers(init);

describe('forwarded headers', () => {
  it('under `next start` without trusted proxies: nothing forwarded is believed', () => {
    setConfigForTests(testConfig());
    const headers = h({
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'b.example',
    });
    expect(clientIp(headers)).toBeUndefined();
    expect(isHttpsRequest(headers, 'http://a.example/')).toBe(false);
    expect(hostFromHeaders(new Headers({ ...Object.fromEntries(headers), host: 'a.example' }))).toBe(
      'a.example',
    );
  });

  it('behind the production server: the peer it appended is the client, its scheme and host are facts', () => {
    setConfigForTests(testConfig({ forwardedVerified: true }));
    // A direct client: the server dropped what the client sent and wrote the peer.
    expect(clientIp(h({ 'x-forwarded-for': '192.0.2.10' }))).toBe('192.0.2.10');
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'http' }), 'https://ignored/')).toBe(false);
    // Through a trusted proxy (kept by the server, peer appended): walk past the trusted hops.
    setConfigForTests(testConfig({ forwardedVerified: true, trustedProxies: ['127.0.0.1'] }));
    expect(clientIp(h({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 127.0.0.1' }))).toBe('198.51.100.4');
    expect(isHttpsRequest(h({ 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(
      hostFromHeaders(h({ host: '127.0.0.1:3141', 'x-forwarded-host': 'Customer.Example.test:3143' })),
    ).toBe('customer.example.test:3143');
  });
});
