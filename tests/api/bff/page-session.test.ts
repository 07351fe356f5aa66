import { setConfigForTests } from '@/lib/env';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  createSession,
  getPageSession,
  sealSession,
} from '@/lib/session';
import { testConfig } from './helpers';

const jar = new Map<string, string>();
let requestHeaders = new Headers();

jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  }),
  headers: async () => requestHeaders,
}));

beforeEach(() => {
  jar.clear();
  requestHeaders = new Headers({ 'x-forwarded-proto': 'http' });
  setConfigForTests(testConfig());
});
afterAll(() => setConfigForTests(undefined));

describe('getPageSession', () => {
  it('returns the live session of the page request, or null', async () => {
    expect(await getPageSession()).toBeNull();
    const session = createSession({ at: 'a', rt: 'r', tenantId: '000000', userId: '9' });
    jar.set(SESSION_COOKIE, await sealSession(session));
    expect(await getPageSession()).toEqual(session);
    jar.set(SESSION_COOKIE, 'tampered');
    expect(await getPageSession()).toBeNull();
  });

  it('ignores an expired session', async () => {
    const old = Date.now() - testConfig().sessionIdleTimeout * 1000 - 1;
    jar.set(
      SESSION_COOKIE,
      await sealSession({
        ...createSession({ at: 'a', rt: 'r', tenantId: 't', userId: 'u' }),
        lastSeenAt: old,
      }),
    );
    expect(await getPageSession()).toBeNull();
  });

  it('reads only the __Host- cookie over https', async () => {
    setConfigForTests(testConfig({ trustedProxies: ['10.0.0.1'] }));
    requestHeaders = new Headers({ 'x-forwarded-proto': 'https' });
    const seal = await sealSession(createSession({ at: 'a', rt: 'r', tenantId: 't', userId: 'u' }));
    jar.set(SESSION_COOKIE, seal);
    expect(await getPageSession()).toBeNull();
    jar.set(SECURE_SESSION_COOKIE, seal);
    expect(await getPageSession()).not.toBeNull();
  });
});
