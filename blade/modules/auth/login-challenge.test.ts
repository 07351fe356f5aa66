import { md5Hex } from './password';
import { addUserInRole } from '../../testing/fixtures';
import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

// Captcha mode off: the password grant is allowed until an account draws many failures from many addresses; then
// that account needs the captcha (SECURITY 17, 29). Nobody's correct login is refused because of others' failures.

let h: Harness;
const logged: string[] = [];

harnessPerFile(
  async (made) => {
    h = made;
    for (const account of ['besieged', 'neighbour', 'unlocked', 'anonymous']) {
      await addUserInRole(h.blade.db, PLATFORM, { account, roleAlias: 'user', password: `${account}-pass` });
    }
  },
  SETUP_TIMEOUT,
  { captchaEnabled: false, log: (line) => logged.push(line) },
);

const passwordGrant = (account: string, password: string, ip?: string) =>
  h.token(
    { grant_type: 'password', tenantId: PLATFORM, username: account, password: md5Hex(password) },
    ip ? { 'X-Blade-Client-IP': ip } : {},
  );
const error = async (res: Response) =>
  ((await res.json()) as { error_description: string }).error_description;

async function besiege(account: string) {
  for (let i = 0; i < 20; i++) {
    expect(await error(await passwordGrant(account, 'bad', `10.7.${i}.1`))).toBe('用户名或密码错误');
  }
}

describe('per-account protection without lockout', () => {
  it('asks for the captcha once an account drew 20 failures from many addresses, and logs it', async () => {
    expect((await passwordGrant('besieged', 'besieged-pass', '10.8.0.1')).status).toBe(200);
    await besiege('besieged');
    const challenged = await passwordGrant('besieged', 'besieged-pass', '10.8.0.1');
    expect(challenged.status).toBe(400);
    expect(await error(challenged)).toBe('该账号登录失败次数过多，请使用验证码登录');
    // The real user gets in with the captcha, from their address or any other.
    expect((await h.tryLogin('besieged', 'besieged-pass', { ip: '10.8.0.1' })).status).toBe(200);
    expect((await h.tryLogin('besieged', 'besieged-pass', { ip: '10.8.0.2' })).status).toBe(200);
    // Other accounts keep the password grant.
    expect((await passwordGrant('neighbour', 'neighbour-pass', '10.7.0.1')).status).toBe(200);
    expect(logged.some((line) => line.includes('"besieged"') && line.includes('captcha'))).toBe(true);
  });

  it('an administrator unlock lifts the challenge', async () => {
    await besiege('unlocked');
    expect((await passwordGrant('unlocked', 'unlocked-pass', '10.8.0.1')).status).toBe(400);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const user = await h.blade.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'unlocked')
      .executeTakeFirstOrThrow();
    const res = await h.authed(`/blade-user/unlock?userIds=${user.id}`, {
      method: 'POST',
      token: admin.access_token,
    });
    expect(res.status).toBe(200);
    expect((await passwordGrant('unlocked', 'unlocked-pass', '10.8.0.1')).status).toBe(200);
  });

  it('does not lock on failures whose address is unknown (it would lock everyone out)', async () => {
    for (let i = 0; i < 6; i++) expect((await passwordGrant('anonymous', 'bad')).status).toBe(400);
    expect((await passwordGrant('anonymous', 'anonymous-pass')).status).toBe(200);
  });
});
