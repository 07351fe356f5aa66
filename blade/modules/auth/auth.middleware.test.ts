import { ADMIN_PASSWORD, harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

// Access tokens live 2 s here, so that expiry can be observed without fake timers (PGlite needs real ones).
let h: Harness;
harnessPerFile(
  (made) => {
    h = made;
  },
  SETUP_TIMEOUT,
  { accessTokenValidity: 2 },
);

const status = async (token: string) => (await h.authed('/blade-auth/oauth/user-info', { token })).status;

describe('verified-token cache', () => {
  it('refuses a token once it expires, although its claims were cached while it was valid', async () => {
    const { access_token } = await h.login('admin', ADMIN_PASSWORD);
    expect(await status(access_token)).toBe(200);
    expect(await status(access_token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await status(access_token)).toBe(401);
  });

  it('refuses a token altered after a valid one was cached', async () => {
    const { access_token } = await h.login('admin', ADMIN_PASSWORD);
    expect(await status(access_token)).toBe(200);
    const [header, payload, signature] = access_token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await status(`${header}.${payload}.${flipped}`)).toBe(401);
  });

  it('refuses a cached token after logout ended its session', async () => {
    const { access_token } = await h.login('admin', ADMIN_PASSWORD);
    expect(await status(access_token)).toBe(200);
    const res = await h.authed('/blade-auth/oauth/logout', { method: 'POST', token: access_token });
    expect(res.status).toBe(200);
    expect(await status(access_token)).toBe(401);
  });
});
