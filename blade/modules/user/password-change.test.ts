import { sql } from 'kysely';
import { md5Hex } from '../auth/password';
import { addUserInRole, secondsAgo } from '../../testing/fixtures';
import {
  harnessPerFile,
  PLATFORM,
  SETUP_TIMEOUT,
  type CallResult,
  type Harness,
} from '../../testing/harness';

// A password change ends the user's other sessions (SECURITY 27), and guessing the old password is limited like a
// login (SECURITY 17).

let h: Harness;
const logged: string[] = [];

harnessPerFile(
  async (made) => {
    h = made;
    for (const account of ['changer', 'guessed', 'bystander']) {
      await addUserInRole(h.blade.db, PLATFORM, { account, roleAlias: 'user', password: `${account}-pass` });
    }
  },
  SETUP_TIMEOUT,
  { log: (line) => logged.push(line) },
);

const status = async (token: string) => (await h.authed('/blade-auth/oauth/user-info', { token })).status;
const refresh = (token: string) =>
  h.token({ grant_type: 'refresh_token', refresh_token: token, scope: 'all' });
const change = (path: string, token: string, oldPassword: string, newPassword: string): Promise<CallResult> =>
  h.call(path, token, {
    oldPassword: md5Hex(oldPassword),
    newPassword: md5Hex(newPassword),
    newPassword1: md5Hex(newPassword),
  });

describe('a password change', () => {
  it.each([['/blade-user/my/update-password'], ['/blade-user/update-password']])(
    'through %s ends every other session of the user at once; the current one continues',
    async (path) => {
      const other = await h.login('changer', 'changer-pass');
      const current = await h.login('changer', 'changer-pass');
      const bystander = await h.login('bystander', 'bystander-pass');
      // Both sessions were seen alive just now (the liveness cache holds them).
      expect(await status(other.access_token)).toBe(200);
      expect(await status(current.access_token)).toBe(200);

      const next = 'changer-next';
      expect(await change(path, current.access_token, 'changer-pass', next)).toMatchObject({ code: 200 });

      expect(await status(other.access_token)).toBe(401);
      expect((await refresh(other.refresh_token)).status).toBe(401);
      expect(await status(current.access_token)).toBe(200);
      expect((await refresh(current.refresh_token)).status).toBe(200);
      expect(await status(bystander.access_token)).toBe(200);

      // Back to the known password for the next case (this session survives its own change).
      expect(await change(path, current.access_token, next, 'changer-pass')).toMatchObject({ code: 200 });
    },
  );

  it('does not end other sessions when the old password is wrong', async () => {
    const other = await h.login('bystander', 'bystander-pass');
    const current = await h.login('bystander', 'bystander-pass');
    const wrong = await change('/blade-user/my/update-password', current.access_token, 'nope', 'x');
    expect(wrong).toMatchObject({ status: 400, code: 400, msg: '原密码不正确!' });
    expect(await status(other.access_token)).toBe(200);
  });
});

describe('guessing the old password', () => {
  it('is refused after 5 wrong old passwords in 15 minutes, even with the right one, and is logged', async () => {
    const { access_token: token } = await h.login('guessed', 'guessed-pass');
    for (let i = 0; i < 5; i++) {
      expect(await change('/blade-user/my/update-password', token, `guess-${i}`, 'x')).toMatchObject({
        status: 400,
        code: 400,
        msg: '原密码不正确!',
      });
    }
    const refused = await change('/blade-user/update-password', token, 'guessed-pass', 'guessed-new');
    expect(refused).toMatchObject({ status: 400, code: 400, success: false });
    expect(refused.msg).toMatch(/^原密码错误次数过多/);
    expect(logged.some((line) => line.includes('password change') && line.includes('"guessed"'))).toBe(true);
    // The password did not change.
    expect((await h.tryLogin('guessed', 'guessed-pass')).status).toBe(200);

    // Another user is not affected.
    const { access_token: other } = await h.login('bystander', 'bystander-pass');
    expect(await change('/blade-user/my/update-password', other, 'nope', 'x')).toMatchObject({
      msg: '原密码不正确!',
    });

    // Fifteen minutes later the right old password works again.
    await h.blade.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', ${PLATFORM}, true)`.execute(trx);
      await trx
        .updateTable('blade_login_failure')
        .set({ first_failure_at: secondsAgo(16 * 60) })
        .where('account', '=', 'guessed')
        .execute();
    });
    expect(
      await change('/blade-user/my/update-password', token, 'guessed-pass', 'guessed-new'),
    ).toMatchObject({
      code: 200,
    });
  });

  it('does not count against logins of the account', async () => {
    const { access_token: token } = await h.login('bystander', 'bystander-pass');
    for (let i = 0; i < 6; i++) await change('/blade-user/my/update-password', token, `guess-${i}`, 'x');
    expect((await h.tryLogin('bystander', 'bystander-pass')).status).toBe(200);
  });
});
