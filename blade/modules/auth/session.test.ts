import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenant';
import { signJwt } from './jwt';
import { addUser, deptIds, roleIdByAlias, secondsAgo } from '../../testing/fixtures';
import {
  ADMIN_PASSWORD,
  harnessPerFile,
  PLATFORM,
  TEST_CLIENT,
  TEST_SIGNING_KEY,
  SETUP_TIMEOUT,
  type Harness,
  type TokenBody,
} from '../../testing/harness';

let h: Harness;
harnessPerFile(
  (made) => {
    h = made;
  },
  SETUP_TIMEOUT,
  { refreshGraceSeconds: 30 },
);

const refresh = (token: string, headers: Record<string, string> = {}) =>
  h.token({ grant_type: 'refresh_token', refresh_token: token, scope: 'all' }, headers);
const status = async (token: string, path = '/blade-auth/oauth/user-info') =>
  (await h.authed(path, { token })).status;
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** A platform user holding the administrator and user roles (in that order) in some of the seeded depts. */
async function addAdministratorAndUser(
  account: string,
  password: string,
  pick: (depts: string[]) => string[],
) {
  const depts = await deptIds(h.blade.db, PLATFORM);
  const user = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
  const admin = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
  await addUser(h.blade.db, PLATFORM, { account, password, roleIds: [admin, user], deptIds: pick(depts) });
  return { depts, user };
}

/** Replaced-at pushed beyond the grace window, to test reuse without sleeping. */
async function ageRotation(refreshToken: string, seconds: number) {
  const { jti } = claimsOf(refreshToken) as { jti: string };
  await h.blade.db.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', ${PLATFORM}, true)`.execute(trx);
    await trx
      .updateTable('blade_refresh_token')
      .set({ replaced_at: secondsAgo(seconds) })
      .where('jti', '=', jti)
      .execute();
  });
}

describe('refresh rotation', () => {
  it('rotates: a new pair, the user reloaded, the old access token still valid until it expires', async () => {
    const first = await h.login('admin', ADMIN_PASSWORD);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = (await res.json()) as TokenBody;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second).toMatchObject({ account: 'admin', tenant_id: PLATFORM, token_type: 'bearer' });
    expect(await status(second.access_token)).toBe(200);
    expect(await status(first.access_token)).toBe(200);
  });

  it('honours a just-rotated refresh token again within the grace window', async () => {
    const first = await h.login('admin', ADMIN_PASSWORD);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await ageRotation(first.refresh_token, 10);
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('treats use after the grace window as theft and ends the whole auth session', async () => {
    const first = await h.login('admin', ADMIN_PASSWORD);
    const second = (await (await refresh(first.refresh_token)).json()) as TokenBody;
    await ageRotation(first.refresh_token, 31);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ error_code: 401 });
    expect(await status(second.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(401);
  });

  it('refuses a refresh token presented by another client', async () => {
    const first = await h.login('admin', ADMIN_PASSWORD);
    await h.blade.db
      .insertInto('blade_client')
      .values({
        id: '77',
        client_id: 'other',
        client_secret: 'x',
        access_token_validity: 60,
        refresh_token_validity: 60,
      })
      .execute();
    const forged = signJwt({ ...claimsOf(first.refresh_token), client_id: 'other' }, TEST_SIGNING_KEY);
    expect((await refresh(forged)).status).toBe(401);
    const res = await refresh(first.refresh_token, {
      Authorization: `Basic ${Buffer.from('other:x').toString('base64')}`,
    });
    expect(res.status).toBe(401);
  });

  it('switches dept/role on a refresh carrying Dept-Id/Role-Id, and keeps the token usable after a refused switch', async () => {
    const { depts, user } = await addAdministratorAndUser('switcher', 'switcher-pass', (d) => [d[1], d[2]]);
    const first = await h.login('switcher', 'switcher-pass');
    expect(first.role_id.split(',')).toHaveLength(2);

    const refused = await refresh(first.refresh_token, { 'Role-Id': '123', 'Dept-Id': depts[1] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_description: '当前用户不拥有所选角色' });

    const switched = (await (
      await refresh(first.refresh_token, { 'Role-Id': user, 'Dept-Id': depts[2] })
    ).json()) as TokenBody;
    expect(switched).toMatchObject({ role_id: user, role_name: 'user', dept_id: depts[2] });
    const again = (await (await refresh(switched.refresh_token)).json()) as TokenBody;
    expect(again).toMatchObject({ role_id: user, dept_id: depts[2] });
  });

  it('keeps the role picked at login across refreshes', async () => {
    const { user } = await addAdministratorAndUser('two-roles', 'two-roles-pass', (d) => [d[0]]);
    const first = await h.login('two-roles', 'two-roles-pass', { roleId: user });
    const second = (await (await refresh(first.refresh_token)).json()) as TokenBody;
    expect(second).toMatchObject({ role_id: user, role_name: 'user' });
  });
});

describe('token checks on API calls', () => {
  let tokens: TokenBody;
  beforeAll(async () => {
    tokens = await h.login('admin', ADMIN_PASSWORD);
  });

  const sign = (header: object, payload: object, key = TEST_SIGNING_KEY) => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${createHmac('sha512', key).update(input).digest('base64url')}`;
  };

  it('accepts the access token with any case of "bearer"', async () => {
    const res = await h.blade.app.request('/blade-user/info', {
      headers: { 'Blade-Auth': `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a refresh token used as an access token', async () => {
    expect(await status(tokens.refresh_token)).toBe(401);
  });

  it.each([
    [
      'alg none',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${tokens.access_token.split('.')[1]}.`,
    ],
    [
      'a tampered payload',
      () => {
        const [head, , sig] = tokens.access_token.split('.');
        const body = Buffer.from(
          JSON.stringify({ ...claimsOf(tokens.access_token), tenant_id: '200001' }),
        ).toString('base64url');
        return `${head}.${body}.${sig}`;
      },
    ],
    [
      'a wrong key',
      () => sign({ alg: 'HS512' }, claimsOf(tokens.access_token), 'some-other-signing-key-0123456789abcdef'),
    ],
    [
      'an expired token',
      () =>
        sign({ alg: 'HS512' }, { ...claimsOf(tokens.access_token), exp: Math.floor(Date.now() / 1000) - 5 }),
    ],
    [
      'a token without token_type',
      () => sign({ alg: 'HS512' }, { ...claimsOf(tokens.access_token), token_type: undefined }),
    ],
    [
      'a token of an unknown auth session',
      () => sign({ alg: 'HS512' }, { ...claimsOf(tokens.access_token), sid: '123' }),
    ],
  ])('refuses %s with 401 请求未授权', async (_name, make) => {
    const res = await h.authed('/blade-user/info', { token: make() });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 401,
      success: false,
      data: {},
      msg: '请求未授权',
      errorCode: 'common.refusal.unauthorized',
    });
  });

  it('refuses requests without a token, and the token in a query string', async () => {
    expect((await h.blade.app.request('/blade-user/info')).status).toBe(401);
    const res = await h.blade.app.request(
      `/blade-user/info?blade-auth=${encodeURIComponent(`bearer ${tokens.access_token}`)}`,
    );
    expect(res.status).toBe(401);
  });
});

describe('disabled users', () => {
  it('refuses the access token of a user disabled after login', async () => {
    const depts = await deptIds(h.blade.db, PLATFORM);
    const role = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
    const id = await addUser(h.blade.db, PLATFORM, {
      account: 'leaver',
      password: 'leaver-pass',
      roleIds: [role],
      deptIds: [depts[0]],
    });
    const tokens = await h.login('leaver', 'leaver-pass');
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.updateTable('blade_user').set({ status: 0 }).where('id', '=', id).execute(),
    );
    expect(await status(tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });
});

describe('logout', () => {
  it.each(['POST', 'GET'])(
    '%s revokes the auth session: old access and refresh tokens get 401',
    async (method) => {
      const tokens = await h.login('admin', ADMIN_PASSWORD);
      const other = await h.login('admin', ADMIN_PASSWORD);
      expect(await status(tokens.access_token)).toBe(200);
      const res = await h.authed('/blade-auth/oauth/logout', { method, token: tokens.access_token });
      expect(await res.json()).toMatchObject({ code: 200, success: true });
      expect(await status(tokens.access_token)).toBe(401);
      expect((await refresh(tokens.refresh_token)).status).toBe(401);
      // Another login of the same user is a different session.
      expect(await status(other.access_token)).toBe(200);
    },
  );
});

describe('user info and secrets', () => {
  it('answers user-info with the token fields plus contact and tenant name', async () => {
    const tokens = await h.login('admin', ADMIN_PASSWORD);
    const { data } = (await (await h.authed('/blade-auth/oauth/user-info')).json()) as {
      data: Record<string, unknown>;
    };
    expect(data).toMatchObject({
      user_id: tokens.user_id,
      account: 'admin',
      role_name: 'administrator',
      tenant_name: '管理组',
      email: '',
      phone: '',
    });
    expect(data).not.toHaveProperty('access_token');
  });

  it('never returns a password hash, salt, client secret or refresh token outside the token endpoint', async () => {
    const tokens = await h.login('admin', ADMIN_PASSWORD);
    const paths = [
      '/blade-auth/oauth/user-info',
      '/blade-user/info',
      `/blade-system/dept/select?userId=${tokens.user_id}`,
      `/blade-system/role/select?userId=${tokens.user_id}`,
      '/blade-system/menu/routes',
      '/blade-system/param/list',
      '/blade-auth/oauth/clear-cache',
    ];
    for (const path of paths) {
      const res = await h.authed(path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toMatch(/\$argon2|password|salt/i);
      expect(text).not.toContain(TEST_CLIENT.clientSecret);
      expect(text).not.toContain(tokens.refresh_token);
    }
    const loginText = JSON.stringify(tokens);
    expect(loginText).not.toMatch(/\$argon2|password/i);
    expect(loginText).not.toContain(TEST_CLIENT.clientSecret);
  });

  it('stores passwords and the client secret as argon2id hashes', async () => {
    const users = await h.blade.db.selectFrom('blade_user').select('password').execute();
    const clients = await h.blade.db
      .selectFrom('blade_client')
      .select('client_secret')
      .where('client_id', '=', 'portal')
      .execute();
    expect(
      [...users.map((u) => u.password), ...clients.map((c) => c.client_secret)].every((v) =>
        v.startsWith('$argon2id$'),
      ),
    ).toBe(true);
  });
});
