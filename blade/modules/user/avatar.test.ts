import { addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

// An avatar is a file id or an http(s) image on a host ops allow by name (issue 11); every screen loads it with the
// viewer's session, so it is never a path into the portal's own API, nor a script, nor another host.

let h: Harness;
let admin: string;
let plain: string;
let roleId: string;
let deptId: string;

harnessPerFile(
  async (made) => {
    h = made;
    const db = h.blade.db;
    roleId = await roleIdByAlias(db, PLATFORM, 'user');
    deptId = (await deptIds(db, PLATFORM))[0];
    await addUser(db, PLATFORM, {
      account: 'plain',
      password: 'plain-pass',
      roleIds: [roleId],
      deptIds: [deptId],
    });
    admin = await adminToken(h);
    plain = (await h.login('plain', 'plain-pass')).access_token;
  },
  SETUP_TIMEOUT,
  { outbound: { allowedHosts: ['img.example.com'] } },
);

const REFUSED = [
  '/api/blade-system/menu/routes',
  '/api/blade-user/logout',
  'api/blade-user/info',
  '../blade-user/info',
  '//evil.example/x.png',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'https://evil.example/x.png',
  'http://127.0.0.1/x.png',
  'https://user@img.example.com/a.png',
  'https://img.example.com:8443/a.png',
  'a'.repeat(31),
];
const ACCEPTED = ['', '0123456789abcdef0123456789abcdef', 'https://img.example.com/u/1.png?s=64'];

it('refuses anything but a file id or an allowed image URL on my/update', async () => {
  for (const avatar of REFUSED)
    expect({ avatar, ...(await h.call('/blade-user/my/update', plain, { avatar })) }).toMatchObject({
      avatar,
      status: 400,
      code: 400,
      msg: 'avatar:头像格式不正确',
    });
  for (const avatar of ACCEPTED) {
    expect((await h.call('/blade-user/update-info', plain, { avatar })).code).toBe(200);
    expect((await h.call('/blade-user/my/detail', plain)).data.avatar).toBe(avatar);
  }
});

it('refuses the same when an administrator adds or edits a user', async () => {
  const user = (account: string, avatar: string, id?: string) => ({
    ...(id && { id }),
    account,
    password: 'pass-1234',
    realName: '头像',
    roleId,
    deptId,
    avatar,
  });
  for (const avatar of REFUSED)
    expect(await h.call('/blade-user/submit', admin, user('avatar-new', avatar))).toMatchObject({
      status: 400,
      msg: 'avatar:头像格式不正确',
    });
  expect((await h.call('/blade-user/submit', admin, user('avatar-new', ACCEPTED[2]))).code).toBe(200);
  const list = await h.call('/blade-user/page?account=avatar-new', admin);
  const id = list.data.records[0].id as string;
  for (const avatar of REFUSED)
    expect(await h.call('/blade-user/update', admin, user('avatar-new', avatar, id))).toMatchObject({
      status: 400,
      msg: 'avatar:头像格式不正确',
    });
  expect((await h.call('/blade-user/update', admin, user('avatar-new', ACCEPTED[1], id))).code).toBe(200);
  expect((await h.call(`/blade-user/detail?id=${id}`, admin)).data.avatar).toBe(ACCEPTED[1]);
});
