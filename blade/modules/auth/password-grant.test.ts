import { createHash } from 'node:crypto';
import { addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { md5Hex } from './password';

let h: Harness;
harnessPerFile(
  (made) => {
    h = made;
  },
  SETUP_TIMEOUT,
  { captchaEnabled: false },
);

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  h.blade.app.request('/blade-auth/oauth/token', {
    method: 'POST',
    body,
    headers: { Authorization: h.basic, ...headers },
  });

describe('password grant with captcha mode off', () => {
  it('accepts parameters in the query string', async () => {
    const res = await h.token({
      grant_type: 'password',
      tenantId: PLATFORM,
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
    });
    expect(res.status).toBe(200);
  });

  it('accepts an urlencoded body', async () => {
    const body = new URLSearchParams({
      grant_type: 'password',
      tenantId: PLATFORM,
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
    });
    const res = await post(body.toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
  });

  it('accepts a multipart body', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      grant_type: 'password',
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
    }))
      form.append(k, v);
    const res = await post(form);
    expect(res.status).toBe(200);
  });

  it('refuses an oversized body', async () => {
    const res = await post(`username=${'a'.repeat(70_000)}`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(413);
  });

  it('treats the md5 hex case-insensitively', async () => {
    const res = await h.token({
      grant_type: 'password',
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD).toUpperCase(),
    });
    expect(res.status).toBe(200);
  });

  it('verifies a legacy sha1(md5) hash once, then stores argon2id', async () => {
    const legacy = createHash('sha1').update(md5Hex('legacy-pass')).digest('hex');
    const role = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
    const [dept] = await deptIds(h.blade.db, PLATFORM);
    await addUser(h.blade.db, PLATFORM, {
      account: 'legacy',
      password: '',
      rawHash: legacy,
      roleIds: [role],
      deptIds: [dept],
    });

    const wrong = await h.token({ grant_type: 'password', username: 'legacy', password: md5Hex('nope') });
    expect(wrong.status).toBe(400);
    const res = await h.token({
      grant_type: 'password',
      username: 'legacy',
      password: md5Hex('legacy-pass'),
    });
    expect(res.status).toBe(200);
    const row = await h.blade.db
      .selectFrom('blade_user')
      .select('password')
      .where('account', '=', 'legacy')
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(
      (await h.token({ grant_type: 'password', username: 'legacy', password: md5Hex('legacy-pass') })).status,
    ).toBe(200);
  });
});
