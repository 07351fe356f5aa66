import { md5Hex } from '../auth/password';
import { addUserInRole } from '../../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { startMailReceiver, type MailReceiver } from '../../testing/mail-sms';

let h: Harness;
let mailbox: MailReceiver;
let admin: string;
let plain: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;
const postJson = (path: string, token: string, body: unknown) =>
  h.authed(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

function avatarForm(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return form;
}

beforeAll(async () => {
  mailbox = await startMailReceiver();
  h = await createHarness({
    mail: { url: mailbox.url, from: 'portal@test.local' },
    publicOrigins: ['https://staff.example.test'],
  });
  const db = h.blade.db;
  await addUserInRole(db, PLATFORM, { account: 'plain', roleAlias: 'user', password: 'plain-pass' });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  plain = (await h.login('plain', 'plain-pass')).access_token;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
  await mailbox?.close();
}, SETUP_TIMEOUT);

describe('my detail and update', () => {
  it('returns the caller without any password field', async () => {
    const res = await json(await h.authed('/blade-user/my/detail', { token: plain }));
    expect(res.data).toMatchObject({ account: 'plain', roleName: '用户' });
    expect(JSON.stringify(res.data)).not.toMatch(/password|argon2/i);
  });

  it('updates the profile fields and applies the phone check', async () => {
    const ok = await json(
      await postJson('/blade-user/my/update', plain, {
        realName: '张三',
        phone: '13800138000',
        email: 'z@example.com',
        account: 'hijack',
        roleId: '1',
      }),
    );
    expect(ok.msg).toBe('更新成功');
    const me = await json(await h.authed('/blade-user/my/detail', { token: plain }));
    expect(me.data).toMatchObject({
      realName: '张三',
      phone: '13800138000',
      email: 'z@example.com',
      account: 'plain',
    });
    // The older name answers the same, and a field left out stays as it is.
    expect((await json(await postJson('/blade-user/update-info', plain, { name: '小张' }))).msg).toBe(
      '更新成功',
    );
    expect((await json(await h.authed('/blade-user/my/detail', { token: plain }))).data).toMatchObject({
      name: '小张',
      realName: '张三',
    });
    const short = await postJson('/blade-user/update-info', plain, { phone: '1380013' });
    expect(short.status).toBe(400);
    expect((await json(short)).msg).toBe('phone:手机号码不是11位数');
    expect((await json(await postJson('/blade-user/my/update', plain, { phone: '23800138000' }))).msg).toBe(
      'phone:手机号码格式不正确',
    );
    expect((await json(await postJson('/blade-user/my/update', plain, { email: 'nope' }))).msg).toBe(
      'email:邮箱格式不正确',
    );
    expect(
      (await postJson('/blade-user/my/update', plain, { avatar: 'https://evil.example/x.png' })).status,
    ).toBe(400);
  });
});

describe('password change', () => {
  it('checks confirmation and the old password, then accepts only the new one', async () => {
    const mismatch = await postJson('/blade-user/my/update-password', plain, {
      oldPassword: md5Hex('plain-pass'),
      newPassword: md5Hex('new-pass-1'),
      newPassword1: md5Hex('new-pass-2'),
    });
    expect((await json(mismatch)).msg).toBe('请输入正确的确认密码!');
    const wrongOld = await h.authed(
      `/blade-user/update-password?oldPassword=${md5Hex('nope')}&newPassword=${md5Hex('x')}&newPassword1=${md5Hex('x')}`,
      { method: 'POST', token: plain },
    );
    expect((await json(wrongOld)).msg).toBe('原密码不正确!');
    const missing = await postJson('/blade-user/my/update-password', plain, { oldPassword: 'a' });
    expect(missing.status).toBe(400);
    const done = await postJson('/blade-user/my/update-password', plain, {
      oldPassword: md5Hex('plain-pass'),
      newPassword: md5Hex('new-pass-1'),
      newPassword1: md5Hex('new-pass-1'),
    });
    expect((await json(done)).code).toBe(200);
    expect((await h.tryLogin('plain', 'plain-pass')).status).toBe(400);
    expect((await h.tryLogin('plain', 'new-pass-1')).status).toBe(200);
  });
});

describe('avatar upload', () => {
  it('stores a png or jpg of at most 500 kb and returns its 32-character file id', async () => {
    const res = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: avatarForm(PNG, 'me.png'),
    });
    const body = await json(res);
    expect(body.code).toBe(200);
    expect(body.data.avatar).toMatch(/^[0-9a-f]{32}$/);
    const me = await json(await h.authed('/blade-user/my/detail', { token: admin }));
    expect(me.data.avatar).toBe(body.data.avatar);
    const jpg = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: avatarForm(JPG, 'me.JPG'),
    });
    expect((await json(jpg)).code).toBe(200);
  });

  it('refuses other types, lying names and files over 500 kb', async () => {
    const gif = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: avatarForm(new Uint8Array([0x47, 0x49, 0x46, 0x38]), 'a.gif'),
    });
    expect((await json(gif)).msg).toBe('file:上传头像图片只能是 JPG/PNG 格式!');
    const lying = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: avatarForm(new Uint8Array([1, 2, 3, 4]), 'a.png'),
    });
    expect(lying.status).toBe(400);
    const big = new Uint8Array(500 * 1024 + 1);
    big.set(PNG);
    const tooBig = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: avatarForm(big, 'big.png'),
    });
    expect((await json(tooBig)).msg).toBe('file:上传头像图片大小不能超过 500KB!');
    const none = await h.authed('/blade-user/my/updateAvatar', {
      method: 'POST',
      token: admin,
      body: new FormData(),
    });
    expect(none.status).toBe(400);
  });
});

describe('e-mail binding', () => {
  it('mails a one-time link to the address and binds it through the public call', async () => {
    expect(
      (await json(await postJson('/blade-user/my/sendEmailBindingLink', admin, { email: 'bad' }))).msg,
    ).toBe('email:邮箱格式不正确');
    const sent = await json(
      await postJson('/blade-user/my/sendEmailBindingLink', admin, { email: 'a@b.cn' }),
    );
    expect(sent.msg).toBe('绑定链接已发送到邮箱');
    const mail = await mailbox.next('a@b.cn');
    expect(mail.subject).toBe('邮箱绑定 / Bind your e-mail address');
    const key = /https:\/\/staff\.example\.test\/emailBinding\?key=([^\s]+)/.exec(mail.text)![1];
    const bind = (k: string) =>
      h.blade.app.request('/blade-user/my/bindingEmail', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: k }),
      });
    const bad = await bind(`${PLATFORM}.${'0'.repeat(64)}`);
    expect((await json(bad)).msg).toBe('链接无效或已过期');
    const done = await json(await bind(key));
    expect(done).toMatchObject({ code: 200, data: { email: 'a@b.cn' } });
    expect((await json(await bind(key))).code).toBe(400);
    const me = await json(await h.authed('/blade-user/my/detail', { token: admin }));
    expect(me.data.email).toBe('a@b.cn');
    expect((await json(await bind('junk'))).code).toBe(400);
  });
});
