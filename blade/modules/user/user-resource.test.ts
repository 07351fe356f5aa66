import { deptIds, roleIdByAlias } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// Users and external users served from their definitions (lib/contracts/system/user.ts, external-user.ts): add and
// edit through separate calls, the user answer with names, the dept filter with the depts below, the write rules.

let h: Harness;
let admin: string;
let root: string;
let child: string;
let adminRole: string;
const call = (path: string, body?: unknown) => h.call(path, admin, body);
const body = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  password: 'guest-pass',
  realName: account,
  roleId: adminRole,
  deptId: root,
  ...extra,
});
const find = async (account: string) =>
  (await call(`/blade-user/externalUser/page?account=${account}`)).data.records[0];

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
  [root] = await deptIds(h.blade.db, PLATFORM);
  adminRole = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
  expect(
    (
      await call('/blade-system/dept/submit', {
        parentId: root,
        deptName: '外部实验室',
        fullName: '外部实验室',
        sort: 1,
      })
    ).code,
  ).toBe(200);
  child = (await call('/blade-system/dept/list?deptName=外部实验室')).data[0].id;
});

it('adds through save only and edits through update only', async () => {
  expect(await call('/blade-user/externalUser/save', body('ext1', { id: '123' }))).toMatchObject({
    code: 400,
    msg: 'id:新增时不能指定',
  });
  expect(await call('/blade-user/externalUser/update', body('ext1'))).toMatchObject({
    code: 400,
    msg: 'id:不能为空',
  });
  expect((await call('/blade-user/externalUser/save', body('ext1', { sex: '' }))).code).toBe(200);
  const added = await find('ext1');
  expect(added).toMatchObject({
    userType: 4,
    sex: -1,
    status: 1,
    roleName: expect.any(String),
    deptName: expect.any(String),
  });
  expect(added).not.toHaveProperty('password');
  expect(added.roleName).not.toBe('');
  // A password sent with an edit is ignored; fields the form leaves out are cleared, as the whole form is sent.
  const update = {
    id: added.id,
    account: 'ext1',
    roleId: adminRole,
    deptId: child,
    password: 'other',
    phone: '1',
  };
  expect((await call('/blade-user/externalUser/update', update)).code).toBe(200);
  expect(await call(`/blade-user/externalUser/detail?id=${added.id}`)).toMatchObject({
    data: { deptId: child, phone: '1', realName: '', deptName: '外部实验室' },
  });
  expect((await h.login('ext1', 'guest-pass')).access_token).toBeTruthy();
});

it('answers the spec texts of missing values in the old order', async () => {
  const save = (b: Record<string, unknown>) => call('/blade-user/externalUser/save', b);
  expect((await save(body('', { roleId: '' }))).msg).toBe('请输入账号');
  expect((await save(body('ext2', { roleId: '', deptId: '' }))).msg).toBe('请选择所属角色');
  expect((await save(body('ext2', { deptId: '' }))).msg).toBe('请选择所属部门');
  expect((await save(body('ext2', { password: '' }))).msg).toBe('请输入密码');
  expect((await save(body('ext2', { password2: 'different' }))).msg).toBe('两次密码输入不一致');
  const long = 'p'.repeat(65);
  expect(await save(body('ext2', { password: long, password2: long }))).toMatchObject({
    code: 400,
    msg: '长度不能超过64',
    errorCode: 'common.validation.maxLength',
    errorArgs: { max: 64 },
  });
  expect((await save(body('ext2', { birthday: '2020/01/01' }))).msg).toContain(
    '日期格式为 yyyy-MM-dd HH:mm:ss',
  );
  expect((await save(body('ext1'))).msg).toBe('当前账号已被使用!');
});

it('filters by a dept with the depts below it', async () => {
  expect((await call('/blade-user/externalUser/save', body('ext3'))).code).toBe(200);
  const accounts = async (deptId: string) =>
    (await call(`/blade-user/externalUser/page?deptId=${deptId}`)).data.records
      .map((r: { account: string }) => r.account)
      .sort();
  expect(await accounts(child)).toEqual(['ext1']);
  expect(await accounts(root)).toEqual(['ext1', 'ext3']);
  expect((await call('/blade-user/externalUser/page?deptId=abc')).code).toBe(400);
});

it('never removes the caller nor a user that is not external', async () => {
  const me = (await call('/blade-user/page?account=admin')).data.records[0].id;
  expect((await call(`/blade-user/externalUser/remove?ids=${me}`, {})).code).toBe(404);
  const ext3 = (await find('ext3')).id;
  expect((await call(`/blade-user/externalUser/remove?ids=${ext3},${me}`, {})).code).toBe(404);
  expect(await find('ext3')).toBeDefined();
  expect((await call(`/blade-user/externalUser/remove?ids=${ext3}`, {})).code).toBe(200);
  expect(await find('ext3')).toBeUndefined();
});

it('serves users from their definition: submit adds or edits, update only edits, the web type by default', async () => {
  expect(await call('/blade-user/update', body('user1'))).toMatchObject({ code: 400, msg: 'id:不能为空' });
  expect((await call('/blade-user/submit', body('user1'))).code).toBe(200);
  const added = (await call('/blade-user/page?account=user1')).data.records[0];
  expect(added).toMatchObject({ userType: 1, sex: -1, deptName: expect.any(String) });
  // Not an external user: the external calls do not see it.
  expect((await call(`/blade-user/externalUser/detail?id=${added.id}`)).code).toBe(404);
  const edit = { ...body('user1', { id: added.id, userType: 2, password: 'ignored' }) };
  expect((await call('/blade-user/submit', edit)).code).toBe(200);
  const detail = (await call(`/blade-user/detail?id=${added.id}`)).data;
  expect(detail).toMatchObject({ userType: 2, account: 'user1' });
  expect(detail).not.toHaveProperty('password');
  expect((await h.login('user1', 'guest-pass')).access_token).toBeTruthy();
  expect((await call(`/blade-user/remove?ids=${added.id}`, {})).code).toBe(200);
  expect((await call(`/blade-user/detail?id=${added.id}`)).code).toBe(404);
});
