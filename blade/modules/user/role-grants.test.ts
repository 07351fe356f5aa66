import { splitIds } from '../../core/tree';
import { withTenant } from '../../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenu, roleIdByAlias } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

// SECURITY 25 and 27 (issue 11, items 2 and 7): nobody hands out rights they do not hold, through any call that sets
// a user's roles or a role's grants; nobody changes their own roles; an administrator's password reset, disabling a
// user or changing their roles takes effect on that user's next request.

let h: Harness;
let admin: string;
let clerk: string;
let root: string;
const menu = new Map<string, string>();
const role = { clerk: '', extra: '', reader: '', manager: '' };
const user = { clerk: '', target: '', external: '' };

/** The clerk's own role: user administration (add, edit, roles, external users) and role grants. */
const CLERK_CODES = [
  'system',
  'user',
  'user_view',
  'user_add',
  'user_edit',
  'user_role',
  'external_user',
  'external_user_add',
  'external_user_edit',
  'authority',
  'role',
  'role_edit',
  'role_grant',
];
const ids = (...codes: string[]) => codes.map((c) => menu.get(c)!);
const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const rolesOf = async (userId: string, tenantId = PLATFORM) =>
  splitIds(
    (
      await withTenant(h.blade.db, tenantId, (trx) =>
        trx.selectFrom('blade_user').select('role_id').where('id', '=', userId).executeTakeFirstOrThrow(),
      )
    ).role_id,
  ).sort();
const menusOf = async (roleId: string) =>
  (await call(`/blade-system/menu/role-tree-keys?roleIds=${roleId}`, admin)).data.menu as string[];
const newRole = async (name: string, alias: string, codes: string[], tenantId = PLATFORM) => {
  const id = await addRole(h.blade.db, tenantId, { name, alias });
  for (const code of codes) await grantMenu(h.blade.db, tenantId, id, code);
  return id;
};
const userBody = (account: string, roleIds: string[], extra: Record<string, unknown> = {}) => ({
  account,
  password: 'new-pass-1',
  realName: account,
  roleId: roleIds.join(','),
  deptId: root,
  ...extra,
});
const BEYOND = { status: 403, code: 403, msg: '不能授予超出本人权限的角色或权限' };

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  admin = await adminToken(h);
  for (const r of await db.selectFrom('blade_menu').select(['id', 'code']).execute()) menu.set(r.code, r.id);
  [root] = await deptIds(db, PLATFORM);
  role.clerk = await newRole('文员', 'clerk', CLERK_CODES);
  // A second role of the clerk's: its `dept` page is the clerk's right too, but not the clerk role's.
  role.extra = await newRole('部门查看', 'dept_viewer', ['dept']);
  role.reader = await newRole('用户查看', 'reader', ['system', 'user', 'user_view']);
  role.manager = await newRole('用户主管', 'manager', ['system', 'user', 'user_view', 'user_delete']);
  user.clerk = await addUser(db, PLATFORM, {
    account: 'clerk',
    password: 'clerk-pass',
    roleIds: [role.clerk, role.extra],
    deptIds: [root],
  });
  user.target = await addUser(db, PLATFORM, {
    account: 'target',
    password: 'target-pass',
    roleIds: [role.reader],
    deptIds: [root],
  });
  expect((await call('/blade-user/externalUser/save', admin, userBody('guest', [role.reader]))).code).toBe(
    200,
  );
  user.external = (await call('/blade-user/externalUser/page?account=guest', admin)).data.records[0].id;
  clerk = (await h.login('clerk', 'clerk-pass')).access_token;
});

describe('handing out roles', () => {
  it('refuses a role with rights beyond the caller’s through user/grant, and allows one within them', async () => {
    const beyond = await call(`/blade-user/grant?userIds=${user.target}&roleIds=${role.manager}`, clerk, {});
    expect(beyond).toMatchObject(BEYOND);
    // Several roles are judged together: one beyond spoils the set.
    const mixed = await call(
      `/blade-user/grant?userIds=${user.target}&roleIds=${role.reader},${role.manager}`,
      clerk,
      {},
    );
    expect(mixed).toMatchObject(BEYOND);
    expect(await rolesOf(user.target)).toEqual([role.reader]);
    const within = await call(
      `/blade-user/grant?userIds=${user.target}&roleIds=${role.reader},${role.extra}`,
      clerk,
      {},
    );
    expect(within).toMatchObject({ status: 200, code: 200 });
    expect(await rolesOf(user.target)).toEqual([role.reader, role.extra].sort());
  });

  it('refuses it through user/submit (add and edit) and user/update', async () => {
    expect(await call('/blade-user/submit', clerk, userBody('n1', [role.manager]))).toMatchObject(BEYOND);
    expect(
      await call('/blade-user/submit', clerk, userBody('target', [role.manager], { id: user.target })),
    ).toMatchObject(BEYOND);
    expect(
      await call('/blade-user/update', clerk, userBody('target', [role.manager], { id: user.target })),
    ).toMatchObject(BEYOND);
    expect(await rolesOf(user.target)).toEqual([role.reader, role.extra].sort());
    expect(await call('/blade-user/submit', clerk, userBody('n1', [role.reader]))).toMatchObject({
      code: 200,
    });
    expect(
      await call('/blade-user/update', clerk, userBody('target', [role.reader], { id: user.target })),
    ).toMatchObject({ code: 200 });
    expect(await rolesOf(user.target)).toEqual([role.reader]);
  });

  it('refuses it through externalUser/save and externalUser/update', async () => {
    expect(
      await call('/blade-user/externalUser/save', clerk, userBody('guest2', [role.manager])),
    ).toMatchObject(BEYOND);
    expect(
      await call(
        '/blade-user/externalUser/update',
        clerk,
        userBody('guest', [role.manager], { id: user.external }),
      ),
    ).toMatchObject(BEYOND);
    expect(await rolesOf(user.external)).toEqual([role.reader]);
    expect(
      await call(
        '/blade-user/externalUser/update',
        clerk,
        userBody('guest', [role.extra], { id: user.external }),
      ),
    ).toMatchObject({ code: 200 });
  });

  it('keeps the administrator roles for administrators', async () => {
    const administrator = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
    const res = await call(`/blade-user/grant?userIds=${user.target}&roleIds=${administrator}`, clerk, {});
    expect(res.status).toBe(403);
    expect(await rolesOf(user.target)).toEqual([role.reader]);
  });
});

describe('own roles', () => {
  it('refuses changing the own roles through user/grant, user/submit and user/update, even to fewer', async () => {
    const SELF = { status: 400, code: 400, msg: '不能修改本账号的角色!' };
    expect(
      await call(`/blade-user/grant?userIds=${user.clerk}&roleIds=${role.clerk}`, clerk, {}),
    ).toMatchObject(SELF);
    expect(
      await call(`/blade-user/grant?userIds=${user.target},${user.clerk}&roleIds=${role.reader}`, clerk, {}),
    ).toMatchObject(SELF);
    for (const path of ['/blade-user/submit', '/blade-user/update'])
      expect(await call(path, clerk, userBody('clerk', [role.clerk], { id: user.clerk }))).toMatchObject(
        SELF,
      );
    expect(await rolesOf(user.clerk)).toEqual([role.clerk, role.extra].sort());
    // The same roles (in any order) are no change: the own profile can still be edited here.
    const same = await call(
      '/blade-user/update',
      clerk,
      userBody('clerk', [role.extra, role.clerk], { id: user.clerk, realName: '文员甲' }),
    );
    expect(same).toMatchObject({ code: 200 });
  });

  it('refuses widening (or otherwise changing) a role the caller holds through role/grant and role/submit', async () => {
    const HELD = { status: 400, code: 400, msg: '不能修改当前登录用户的角色!' };
    const before = await menusOf(role.clerk);
    // `dept` is the clerk's through its other role; granting it to the clerk role would hand it to every clerk.
    const widen = await call('/blade-system/role/grant', clerk, {
      roleIds: [role.clerk],
      menuIds: ids(...CLERK_CODES, 'dept'),
    });
    expect(widen).toMatchObject(HELD);
    const rename = await call('/blade-system/role/submit', clerk, {
      id: role.clerk,
      roleName: '文员',
      roleAlias: 'clerk_plus',
    });
    expect(rename).toMatchObject(HELD);
    expect((await menusOf(role.clerk)).sort()).toEqual([...before].sort());
    // Another role, within the clerk's rights, can still be granted.
    const other = await addRole(h.blade.db, PLATFORM, { name: '其他', alias: 'other' });
    expect(
      await call('/blade-system/role/grant', clerk, {
        roleIds: [other],
        menuIds: ids('system', 'user', 'dept'),
      }),
    ).toMatchObject({ code: 200 });
    expect(
      await call('/blade-system/role/grant', clerk, { roleIds: [other], menuIds: ids('user_delete') }),
    ).toMatchObject({ status: 403 });
  });
});

describe('data scopes', () => {
  let scope: string;
  let scoped: string;

  beforeAll(async () => {
    await call('/blade-system/data-scope/submit', admin, {
      menuId: menu.get('user'),
      resourceCode: 'user',
      scopeName: '本部门',
      scopeType: 3,
    });
    scope = (await call(`/blade-system/data-scope/list?menuId=${menu.get('user')}`, admin)).data.records[0]
      .id;
    const scopedRole = await newRole('部门文员', 'dept_clerk', CLERK_CODES);
    await call('/blade-system/role/grant', admin, { roleIds: [scopedRole], dataScopeIds: [scope] });
    await addUser(h.blade.db, PLATFORM, {
      account: 'scoped',
      password: 'scoped-pass',
      roleIds: [scopedRole],
      deptIds: [root],
    });
    scoped = (await h.login('scoped', 'scoped-pass')).access_token;
  }, SETUP_TIMEOUT);

  it('refuses handing out a role that sees the users the caller’s data scope hides', async () => {
    // A role without the user page is not concerned by the caller's user data scope.
    const roles = await newRole('角色查看', 'role_viewer', ['authority', 'role']);
    expect(await call(`/blade-user/grant?userIds=${user.target}&roleIds=${roles}`, scoped, {})).toMatchObject(
      { code: 200 },
    );
    // The reader role holds the user page with no data scope: it would see every user, the caller only its dept.
    expect(
      await call(`/blade-user/grant?userIds=${user.target}&roleIds=${role.reader}`, scoped, {}),
    ).toMatchObject(BEYOND);
    const narrowed = await addRole(h.blade.db, PLATFORM, { name: '部门用户查看', alias: 'dept_reader' });
    expect(
      await call('/blade-system/role/grant', scoped, {
        roleIds: [narrowed],
        menuIds: ids('system', 'user', 'user_view'),
        dataScopeIds: [],
      }),
    ).toMatchObject(BEYOND);
    expect(
      await call('/blade-system/role/grant', scoped, {
        roleIds: [narrowed],
        menuIds: ids('system', 'user', 'user_view'),
        dataScopeIds: [scope],
      }),
    ).toMatchObject({ code: 200 });
    expect(
      await call(`/blade-user/grant?userIds=${user.target}&roleIds=${narrowed}`, scoped, {}),
    ).toMatchObject({ code: 200 });
  });
});

describe('administrators', () => {
  const T = '512345';
  let tenantAdmin: string;
  let adminRole: string;
  let adminId: string;

  beforeAll(async () => {
    const tenant = await addTenant(h.blade.db, {
      tenantId: T,
      tenantName: '检测公司',
      adminPassword: 't-admin-pass',
    });
    adminRole = tenant.roleId;
    adminId = tenant.userId;
    // The tenant's package, as provisioning gives it to the `admin` role.
    for (const code of [...CLERK_CODES, 'role_add', 'dept']) await grantMenu(h.blade.db, T, adminRole, code);
    tenantAdmin = (await h.login('admin', 't-admin-pass', T)).access_token;
  }, SETUP_TIMEOUT);

  it('lets a tenant administrator hand out its package’s roles, the admin role included, and nothing beyond', async () => {
    const staff = await newRole('职员', 'staff', ['system', 'user', 'dept'], T);
    const [tRoot] = await deptIds(h.blade.db, T);
    const add = (account: string, roles: string[]) =>
      call('/blade-user/submit', tenantAdmin, userBody(account, roles, { deptId: tRoot }));
    expect(await add('staff1', [staff])).toMatchObject({ code: 200 });
    expect(await add('deputy', [adminRole])).toMatchObject({ code: 200 });
    expect(
      await call('/blade-system/role/grant', tenantAdmin, {
        roleIds: [staff],
        menuIds: ids('system', 'dept'),
      }),
    ).toMatchObject({ code: 200 });
    // A role holding a platform page (put there behind the API's back) is beyond the tenant's administrator.
    const rogue = await newRole('越权', 'rogue', ['system', 'tenant'], T);
    expect(await add('rogue1', [rogue])).toMatchObject(BEYOND);
    // Its own roles and its own role stay as they are.
    expect(
      await call(`/blade-user/grant?userIds=${adminId}&roleIds=${adminRole},${staff}`, tenantAdmin, {}),
    ).toMatchObject({ status: 400, msg: '不能修改本账号的角色!' });
    expect(
      await call('/blade-system/role/grant', tenantAdmin, { roleIds: [adminRole], menuIds: ids('system') }),
    ).toMatchObject({ status: 400, msg: '不能修改当前登录用户的角色!' });
    expect(await rolesOf(adminId, T)).toEqual([adminRole]);
  });

  it('lets the platform administrator hand out any role', async () => {
    expect(
      await call(`/blade-user/grant?userIds=${user.target}&roleIds=${role.manager}`, admin, {}),
    ).toMatchObject({ code: 200 });
    expect(await rolesOf(user.target)).toEqual([role.manager]);
  });
});

describe('sessions of a changed user', () => {
  it('ends every session of a user whose password an administrator resets', async () => {
    const first = (await h.login('target', 'target-pass')).access_token;
    const second = (await h.login('target', 'target-pass')).access_token;
    for (const token of [first, second]) expect((await call('/blade-user/info', token)).status).toBe(200);
    expect(await call(`/blade-user/reset-password?userIds=${user.target}`, admin, {})).toMatchObject({
      code: 200,
    });
    for (const token of [first, second]) expect((await call('/blade-user/info', token)).status).toBe(401);
    expect((await call('/blade-user/info', admin)).status).toBe(200);
  });

  it('ends the sessions of a user an administrator disables, at once', async () => {
    await addUser(h.blade.db, PLATFORM, {
      account: 'leaver',
      password: 'leaver-pass',
      roleIds: [role.reader],
      deptIds: [root],
    });
    const login = await h.login('leaver', 'leaver-pass');
    expect((await call('/blade-user/info', login.access_token)).status).toBe(200);
    expect(
      await call(
        '/blade-user/update',
        admin,
        userBody('leaver', [role.reader], { id: login.user_id, status: 0 }),
      ),
    ).toMatchObject({ code: 200 });
    expect((await call('/blade-user/info', login.access_token)).status).toBe(401);
  });
});
