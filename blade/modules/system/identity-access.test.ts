import { addRole, addUser, deptIds } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { STAFF_ROLES } from '../application/staff-roles';
import { QUALITY_ROLE } from '../../../lib/contracts/quality/quality';
import { FINANCE_ROLE } from '../payment/finance-role';

// Issue 4's two-tenant suite: the platform administrator provisions tenants A and B from a package; B's
// administrator gets 404 for every id of A on every detail, update, delete and grant call, and no tenant
// administrator (nor an `admin2` look-alike) reaches a platform-only call.

let h: Harness;
let platform: string;
const menu = new Map<string, string>();
const A = {
  tenantId: '',
  admin: '',
  adminId: '',
  deptId: '',
  roleId: '',
  postId: '',
  userId: '',
  topId: '',
  prId: '',
};
const B = { tenantId: '', admin: '' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;
type Node = { id: string; code?: string; title?: string; path?: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const get = (path: string, token: string) => h.authed(path, { token });
const post = (path: string, token: string, body?: unknown) =>
  h.authed(path, {
    token,
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const ok = async (res: Response | Promise<Response>) => {
  const r = await res;
  const body = await json(r);
  if (r.status !== 200) throw new Error(`${r.status} ${body.msg}`);
  return body;
};
const ids = (...codes: string[]) => codes.map((c) => menu.get(c)!);

/** Replaces the menus of tenant A's inspector role (made in beforeAll) with these, as A's administrator. */
const grantInspector = (...codes: string[]) =>
  ok(
    post('/blade-system/role/grant', A.admin, {
      roleIds: [A.roleId],
      menuIds: ids(...codes),
      dataScopeIds: [],
      apiScopeIds: [],
    }),
  );

/** The package: users, depts, posts, roles (with grants) and top menus — but no tenant pages. */
const PACKAGE = [
  'system',
  'user',
  'user_add',
  'user_edit',
  'user_delete',
  'user_view',
  'user_reset',
  'user_role',
  'user_unlock',
  'user_platform',
  'external_user',
  'external_user_add',
  'external_user_edit',
  'external_user_delete',
  'external_user_view',
  'dept_lab_user',
  'dept_lab_user_add',
  'dept_lab_user_edit',
  'dept_lab_user_delete',
  'dept',
  'dept_add',
  'dept_edit',
  'dept_delete',
  'post',
  'post_add',
  'post_edit',
  'post_delete',
  'post_role',
  'topmenu',
  'topmenu_add',
  'topmenu_edit',
  'topmenu_delete',
  'topmenu_setting',
  'authority',
  'role',
  'role_add',
  'role_edit',
  'role_delete',
  'role_grant',
  // Platform-only: must be dropped on provisioning even though the package lists them.
  'tenant',
  'tool',
  'code',
  'code_add',
  'code_gen',
  'model',
  'model_add',
  'datasource',
];

async function newTenant(name: string, packageId: string, password: string) {
  const res = await ok(
    post('/blade-system/tenant/submit', platform, { tenantName: name, packageId, adminPassword: password }),
  );
  return res.data.tenantId as string;
}

harnessPerFile(async (made) => {
  h = made;
  platform = await adminToken(h);
  for (const r of await h.blade.db.selectFrom('blade_menu').select(['id', 'code']).execute())
    menu.set(r.code, r.id);
  await ok(
    post('/blade-system/tenant-package/submit', platform, {
      packageName: '标准版',
      menuId: ids(...PACKAGE).join(','),
    }),
  );
  const pkg = (await ok(get('/blade-system/tenant-package/list?size=100', platform))).data.records[0];
  A.tenantId = await newTenant('A 公司', pkg.id, 'a-admin-pass');
  B.tenantId = await newTenant('B 公司', pkg.id, 'b-admin-pass');
  const aLogin = await h.login('admin', 'a-admin-pass', A.tenantId);
  A.admin = aLogin.access_token;
  A.adminId = aLogin.user_id;
  B.admin = (await h.login('admin', 'b-admin-pass', B.tenantId)).access_token;

  // Tenant A's own data, made through the API as its administrator.
  const root = (await ok(get('/blade-system/dept/tree', A.admin))).data[0];
  await ok(post('/blade-system/dept/submit', A.admin, { parentId: root.id, deptName: '检验部', sort: 1 }));
  A.deptId = (await ok(get('/blade-system/dept/list?deptName=检验', A.admin))).data[0].id;
  await ok(post('/blade-system/role/submit', A.admin, { roleName: '检验员', roleAlias: 'inspector' }));
  A.roleId = flat((await ok(get('/blade-system/role/tree', A.admin))).data).find(
    (r) => r.title === '检验员',
  )!.id;
  await grantInspector('system', 'user', 'user_view');
  await ok(post('/blade-system/post/submit', A.admin, { postCode: 'qa', postName: '质检', category: 3 }));
  A.postId = (await ok(get('/blade-system/post/list?postCode=qa', A.admin))).data.records[0].id;
  await ok(
    post('/blade-user/submit', A.admin, {
      account: 'inspector',
      password: 'inspector-pass',
      password2: 'inspector-pass',
      realName: '张三',
      roleId: A.roleId,
      deptId: A.deptId,
      postId: A.postId,
    }),
  );
  A.userId = (await ok(get('/blade-user/page?account=inspector', A.admin))).data.records[0].id;
  await ok(post('/blade-system/topmenu/submit', A.admin, { code: 'office', name: '办公', sort: 1 }));
  A.topId = (await ok(get('/blade-system/topmenu/list', A.admin))).data.records[0].id;
  await ok(post('/blade-system/postRole/submit', A.admin, { postId: A.postId, roleIds: [A.roleId] }));
  A.prId = (await ok(get(`/blade-system/postRole/list?postId=${A.postId}`, A.admin))).data.records[0].id;
}, SETUP_TIMEOUT * 2);

describe('tenant provisioning', () => {
  it("gives the new tenant's admin the package's menus, never platform-only ones", async () => {
    const routes = flat((await ok(get('/blade-system/menu/routes', A.admin))).data).map((m) => m.path);
    expect(routes).toEqual(expect.arrayContaining(['/system/user', '/system/dept', '/authority/role']));
    expect(routes).not.toContain('/system/tenant');
    expect(routes).not.toContain('/system/client');
    // Code generation is the platform administrator's, whatever the package lists.
    expect(routes.filter((p) => p?.startsWith('/tool'))).toEqual([]);
    const buttons = flat((await ok(get('/blade-system/menu/buttons', A.admin))).data).map((m) => m.code);
    expect(buttons).toEqual(expect.arrayContaining(['user_add', 'role_grant', 'post_role']));
    expect(buttons).not.toContain('tenant_add');
    expect(buttons).not.toContain('code_gen');
    expect(buttons).not.toContain('model_add');
  });

  it('provisions a root dept, the admin role, post ceo and the admin account', async () => {
    const roles = flat((await ok(get('/blade-system/role/tree', A.admin))).data).map((r) => r.title);
    // The work roles come with every new tenant (system/tenant/tenant-provision.ts ensureWorkRoles): the certification
    // staff (modules/application/staff-roles.ts), 财务 (modules/payment) and 质量负责人 (modules/quality).
    expect([...roles].sort()).toEqual(
      ['检验员', '管理员', ...STAFF_ROLES.map((r) => r.name), FINANCE_ROLE.name, QUALITY_ROLE.name].sort(),
    );
    const posts = (await ok(get('/blade-system/post/list', A.admin))).data.records.map(
      (p: { postCode: string }) => p.postCode,
    );
    expect(posts).toEqual(['qa', 'ceo']); // by sort: qa 0, ceo 1
    const depts = (await ok(get('/blade-system/dept/list', A.admin))).data;
    expect(depts[0]).toMatchObject({
      deptName: 'A 公司',
      parentId: '0',
      children: [expect.objectContaining({ deptName: '检验部' })],
    });
  });

  it('shows a role-holding user exactly the granted menu and buttons; a call the role lacks is 403', async () => {
    const user = (await h.login('inspector', 'inspector-pass', A.tenantId)).access_token;
    expect(flat((await ok(get('/blade-system/menu/routes', user))).data).map((m) => m.code)).toEqual([
      'system',
      'user',
    ]);
    expect(flat((await ok(get('/blade-system/menu/buttons', user))).data).map((m) => m.code)).toEqual([
      'system',
      'user',
      'user_view',
    ]);
    expect((await get('/blade-user/page', user)).status).toBe(200);
    for (const res of [
      await post('/blade-user/submit', user, {
        account: 'x',
        password: 'xxxxxx',
        roleId: A.roleId,
        deptId: A.deptId,
      }),
      await post(`/blade-user/remove?ids=${A.adminId}`, user),
      await get('/blade-system/role/list', user),
      await get('/blade-system/dept/list', user),
    ]) {
      expect(res.status).toBe(403);
      expect(await json(res)).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
  });
});

describe("tenant B and tenant A's ids", () => {
  it('answers 404 on every detail call', async () => {
    for (const path of [
      `/blade-user/detail?id=${A.userId}`,
      `/blade-user/platform-detail?id=${A.userId}`,
      `/blade-system/dept/detail?id=${A.deptId}`,
      `/blade-system/role/detail?id=${A.roleId}`,
      `/blade-system/post/detail?id=${A.postId}`,
      `/blade-system/topmenu/detail?id=${A.topId}`,
      `/blade-system/postRole/detail?id=${A.prId}`,
      `/blade-system/menu/role-tree-keys?roleIds=${A.roleId}`,
      `/blade-system/menu/top-tree-keys?topMenuIds=${A.topId}`,
      `/blade-system/dept/select?userId=${A.userId}`,
    ]) {
      const res = await get(path, B.admin);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('answers 404 on every update call', async () => {
    const calls: Array<[string, unknown]> = [
      ['/blade-user/submit', { id: A.userId, account: 'taken', roleId: A.roleId, deptId: A.deptId }],
      ['/blade-user/update', { id: A.userId, account: 'taken', roleId: A.roleId, deptId: A.deptId }],
      ['/blade-user/update-platform', { id: A.userId, userType: 2 }],
      ['/blade-system/dept/submit', { id: A.deptId, deptName: 'x' }],
      ['/blade-system/role/submit', { id: A.roleId, roleName: 'x', roleAlias: 'x' }],
      ['/blade-system/post/submit', { id: A.postId, postCode: 'x', postName: 'x' }],
      ['/blade-system/topmenu/submit', { id: A.topId, code: 'x', name: 'x' }],
      ['/blade-system/postRole/submit', { postId: A.postId, roleIds: [A.roleId] }],
    ];
    for (const [path, body] of calls) {
      const res = await post(path, B.admin, body);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('answers 404 on every delete, reset, unlock and grant call, and changes nothing', async () => {
    for (const path of [
      `/blade-user/remove?ids=${A.userId}`,
      `/blade-user/reset-password?userIds=${A.userId}`,
      `/blade-user/unlock?userIds=${A.userId}`,
      `/blade-user/grant?userIds=${A.userId}&roleIds=${A.roleId}`,
      `/blade-system/dept/remove?ids=${A.deptId}`,
      `/blade-system/role/remove?ids=${A.roleId}`,
      `/blade-system/post/remove?ids=${A.postId}`,
      `/blade-system/topmenu/remove?ids=${A.topId}`,
      `/blade-system/postRole/remove?ids=${A.prId}`,
    ]) {
      const res = await post(path, B.admin);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const grant = await post('/blade-system/role/grant', B.admin, {
      roleIds: [A.roleId],
      menuIds: ids('user'),
    });
    expect(grant.status).toBe(404);
    const top = await post('/blade-system/topmenu/grant', B.admin, {
      topMenuIds: [A.topId],
      menuIds: ids('user'),
    });
    expect(top.status).toBe(404);
    expect((await ok(get(`/blade-user/detail?id=${A.userId}`, A.admin))).data).toMatchObject({
      account: 'inspector',
      roleId: A.roleId,
    });
  });

  it("cannot grant menus its own roles do not hold (another tenant's or the platform's)", async () => {
    const bRole = flat((await ok(get('/blade-system/role/tree', B.admin))).data)[0].id;
    const res = await post('/blade-system/role/grant', B.admin, {
      roleIds: [bRole],
      menuIds: ids('tenant', 'client'),
    });
    expect(res.status).toBe(403);
    const tree = flat((await ok(get('/blade-system/menu/grant-tree', B.admin))).data.menu).map(
      (n) => n.title,
    );
    expect(tree).not.toContain('租户管理');
  });
});

describe('platform-only calls', () => {
  const calls: Array<[string, string]> = [
    ['GET', '/blade-system/tenant/list'],
    ['GET', '/blade-system/tenant/detail?id=1'],
    ['POST', '/blade-system/tenant/submit'],
    ['POST', '/blade-system/tenant/remove?ids=1'],
    ['POST', '/blade-system/tenant/setting?ids=1'],
    ['POST', '/blade-system/tenant/datasource?tenantId=1'],
    ['GET', '/blade-system/tenant/package-detail?tenantId=1'],
    ['POST', '/blade-system/tenant/package-setting?tenantId=1'],
    ['GET', '/blade-system/tenant-package/list'],
    ['GET', '/blade-system/tenant-package/detail?id=1'],
    ['POST', '/blade-system/tenant-package/submit'],
    ['POST', '/blade-system/tenant-package/remove?ids=1'],
    ['GET', '/blade-system/client/list'],
    ['GET', '/blade-system/client/detail?id=1'],
    ['POST', '/blade-system/client/submit'],
    ['POST', '/blade-system/client/remove?ids=1'],
    ['POST', '/blade-system/menu/submit'],
    ['POST', '/blade-system/menu/remove?ids=1'],
    ['POST', '/blade-system/data-scope/submit'],
    ['POST', '/blade-system/data-scope/remove?ids=1'],
    ['POST', '/blade-system/api-scope/submit'],
    ['POST', '/blade-system/api-scope/remove?ids=1'],
    // Code generation (blade-develop): models, their fields, generator records, datasources.
    ['GET', '/blade-develop/model/list'],
    ['GET', '/blade-develop/model/detail?id=1'],
    ['GET', '/blade-develop/model/table-list'],
    ['POST', '/blade-develop/model/submit'],
    ['POST', '/blade-develop/model/remove?ids=1'],
    ['GET', '/blade-develop/model-prototype/list?modelId=1'],
    ['POST', '/blade-develop/model-prototype/submit'],
    ['GET', '/blade-develop/code/list'],
    ['POST', '/blade-develop/code/submit'],
    ['GET', '/blade-develop/code/gen-code?id=1'],
    ['GET', '/blade-develop/datasource/list'],
    ['POST', '/blade-develop/datasource/submit'],
  ];

  it("refuses a tenant's admin and an admin2 look-alike (403), and lets the platform administrator in", async () => {
    const [dept] = await deptIds(h.blade.db, PLATFORM);
    const admin2 = await addRole(h.blade.db, PLATFORM, { name: '伪管理员', alias: 'admin2' });
    await addUser(h.blade.db, PLATFORM, {
      account: 'almost',
      password: 'almost-pass',
      roleIds: [admin2],
      deptIds: [dept],
    });
    const almost = (await h.login('almost', 'almost-pass')).access_token;
    const tenantNamedAdministrator = await addRole(h.blade.db, B.tenantId, {
      name: '冒充',
      alias: 'administrator',
    });
    const bRoot = (await ok(get('/blade-system/dept/tree', B.admin))).data[0].id;
    await addUser(h.blade.db, B.tenantId, {
      account: 'fake',
      password: 'fake-pass',
      roleIds: [tenantNamedAdministrator],
      deptIds: [bRoot],
    });
    const fake = (await h.login('fake', 'fake-pass', B.tenantId)).access_token;
    for (const token of [A.admin, B.admin, almost, fake]) {
      for (const [method, path] of calls) {
        const res = method === 'GET' ? await get(path, token) : await post(path, token, {});
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
    }
    expect((await get('/blade-system/tenant/list', platform)).status).toBe(200);
    expect((await get('/blade-system/client/list', platform)).status).toBe(200);
    expect((await get('/blade-develop/model/list', platform)).status).toBe(200);
    expect((await get('/blade-develop/code/list', platform)).status).toBe(200);
  });
});

describe('users', () => {
  it('never returns a password hash', async () => {
    for (const path of [
      '/blade-user/page',
      `/blade-user/detail?id=${A.userId}`,
      `/blade-user/platform-detail?id=${A.userId}`,
    ]) {
      const text = await (await get(path, A.admin)).text();
      expect(text).not.toMatch(/argon2|"password"/);
    }
  });

  it('pages by dept (with the depts below), filters, sorts through the allowlist and clamps the size', async () => {
    const root = (await ok(get('/blade-system/dept/tree', A.admin))).data[0].id;
    const all = (await ok(get(`/blade-user/page?deptId=${root}&size=100000`, A.admin))).data;
    expect(all).toMatchObject({ total: 2, size: 500, current: 1 });
    const sub = (await ok(get(`/blade-user/page?deptId=${A.deptId}`, A.admin))).data;
    expect(sub.records.map((u: { account: string }) => u.account)).toEqual(['inspector']);
    expect(sub.records[0]).toMatchObject({
      deptName: '检验部',
      roleName: '检验员',
      postName: '质检',
      realName: '张三',
    });
    const desc = (await ok(get('/blade-user/page?descs=account', A.admin))).data;
    expect(desc.records.map((u: { account: string }) => u.account)).toEqual(['inspector', 'admin']);
    for (const bad of ['password', 'account;drop table blade_user', 'tenant_id']) {
      const res = await get(`/blade-user/page?ascs=${encodeURIComponent(bad)}`, A.admin);
      expect(res.status).toBe(400);
      expect((await json(res)).msg).toMatch(/^ascs:不支持的排序字段/);
    }
    expect((await get('/blade-user/page?size=ten', A.admin)).status).toBe(400);
    const like = (await ok(get('/blade-user/page?account=%25', A.admin))).data;
    expect(like.total).toBe(0);
  });

  it('refuses a duplicate account, a mismatched password and an over-quota tenant', async () => {
    const dup = await post('/blade-user/submit', A.admin, {
      account: 'inspector',
      password: 'p',
      roleId: A.roleId,
      deptId: A.deptId,
    });
    expect(await json(dup)).toMatchObject({ code: 400, msg: '当前账号已被使用!' });
    const mismatch = await post('/blade-user/submit', A.admin, {
      account: 'new1',
      password: 'p1',
      password2: 'p2',
      roleId: A.roleId,
      deptId: A.deptId,
    });
    expect((await json(mismatch)).msg).toBe('两次密码输入不一致');
    const tenant = (await ok(get(`/blade-system/tenant/list?tenantId=${A.tenantId}`, platform))).data
      .records[0];
    await ok(post(`/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=2`, platform));
    const over = await post('/blade-user/submit', A.admin, {
      account: 'new2',
      password: 'p',
      roleId: A.roleId,
      deptId: A.deptId,
    });
    expect((await json(over)).msg).toBe('当前租户已到最大账号额度!');
    await ok(post(`/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=-1`, platform));
  });

  it('resets a password to the initial one, unlocks, grants roles, and keeps the caller from removing itself', async () => {
    await ok(post(`/blade-user/reset-password?userIds=${A.userId}`, A.admin));
    expect((await h.login('inspector', '123456', A.tenantId)).user_id).toBe(A.userId);
    await ok(post(`/blade-user/unlock?userIds=${A.userId}`, A.admin));
    expect(await json(await post('/blade-user/unlock', A.admin))).toMatchObject({
      code: 400,
      msg: '请至少选择一个用户',
    });
    // The declared inputs (lib/contracts/system/user-admin.actions.ts): a grant without users or roles is refused in
    // the call's own words, a bad id names its field, and the ids may come in a JSON body as in the query.
    expect((await json(await post('/blade-user/grant', A.admin))).msg).toBe('请至少选择一个用户');
    expect((await json(await post(`/blade-user/grant?userIds=${A.userId}`, A.admin))).msg).toBe('请选择角色');
    expect((await json(await post(`/blade-user/grant?userIds=x&roleIds=${A.roleId}`, A.admin))).msg).toBe(
      'userIds:必须是有效的ID',
    );
    expect((await json(await post('/blade-user/reset-password', A.admin))).msg).toBe('userIds:不能为空');
    await ok(post('/blade-user/unlock', A.admin, { userIds: [A.userId] }));
    const self = await post(`/blade-user/remove?ids=${A.adminId}`, A.admin);
    expect((await json(self)).msg).toBe('不能删除本账号!');
  });
});

describe('expiry and the tenant info', () => {
  it('stops an expired tenant from logging in, and lets it in again once extended', async () => {
    const tenant = (await ok(get(`/blade-system/tenant/list?tenantId=${B.tenantId}`, platform))).data
      .records[0];
    await ok(
      post(`/blade-system/tenant/setting?ids=${tenant.id}&expireTime=2020-01-01%2000:00:00`, platform),
    );
    expect((await h.tryLogin('admin', 'b-admin-pass', B.tenantId)).status).toBe(400);
    await ok(
      post(`/blade-system/tenant/setting?ids=${tenant.id}&expireTime=2099-01-01%2000:00:00`, platform),
    );
    expect((await h.tryLogin('admin', 'b-admin-pass', B.tenantId)).status).toBe(200);
    expect((await get('/blade-system/role/tree', B.admin)).status).toBe(200);
    const detail = (await ok(get(`/blade-system/tenant/detail?id=${tenant.id}`, platform))).data;
    expect(detail).toMatchObject({ tenantId: B.tenantId, expireTime: expect.stringMatching(/^2099-01-01/) });
  });

  it('infers the tenant from its domain', async () => {
    const tenant = (await ok(get(`/blade-system/tenant/list?tenantId=${A.tenantId}`, platform))).data
      .records[0];
    await ok(
      post('/blade-system/tenant/submit', platform, {
        id: tenant.id,
        tenantName: 'A 公司',
        domain: 'a.example.org',
      }),
    );
    const info = await json(
      await h.blade.app.request('/blade-system/tenant/info?domain=https://a.example.org/#/login'),
    );
    expect(info.data).toMatchObject({ tenantId: A.tenantId, tenantName: 'A 公司' });
  });
});

describe('external users and laboratory external users', () => {
  it('keeps external users apart and gives tenant B 404 for them', async () => {
    await ok(
      post('/blade-user/externalUser/save', A.admin, {
        account: 'guest1',
        password: 'guest-pass',
        realName: '客户',
        roleId: A.roleId,
        deptId: A.deptId,
      }),
    );
    const page = (await ok(get('/blade-user/externalUser/page', A.admin))).data;
    expect(page.records.map((u: { account: string }) => u.account)).toEqual(['guest1']);
    const guest = page.records[0].id as string;
    expect((await get(`/blade-user/externalUser/detail?id=${A.userId}`, A.admin)).status).toBe(404);
    await ok(
      post('/blade-user/deptLaboratoryExternalUser/save', A.admin, { deptId: A.deptId, userIds: [guest] }),
    );
    const links = (await ok(get(`/blade-user/deptLaboratoryExternalUser/list?deptId=${A.deptId}`, A.admin)))
      .data;
    expect(links.records[0]).toMatchObject({ userId: guest, deptName: '检验部', account: 'guest1' });
    const notExternal = await post('/blade-user/deptLaboratoryExternalUser/save', A.admin, {
      deptId: A.deptId,
      userIds: [A.userId],
    });
    expect(notExternal.status).toBe(404);

    expect((await get(`/blade-user/externalUser/detail?id=${guest}`, B.admin)).status).toBe(404);
    expect(
      (
        await post('/blade-user/externalUser/update', B.admin, {
          id: guest,
          account: 'x',
          roleId: A.roleId,
          deptId: A.deptId,
        })
      ).status,
    ).toBe(404);
    expect((await post(`/blade-user/externalUser/remove?ids=${guest}`, B.admin)).status).toBe(404);
    expect(
      (await post(`/blade-user/deptLaboratoryExternalUser/remove?ids=${links.records[0].id}`, B.admin))
        .status,
    ).toBe(404);
    expect((await ok(get('/blade-user/deptLaboratoryExternalUser/list', B.admin))).data.total).toBe(0);
    // An edit moves one link; another tenant's link is 404 to it, a user who is not external too.
    const link = { id: links.records[0].id, deptId: A.deptId, userId: guest };
    expect((await post('/blade-user/deptLaboratoryExternalUser/update', B.admin, link)).status).toBe(404);
    const toStaff = { ...link, userId: A.userId };
    expect((await post('/blade-user/deptLaboratoryExternalUser/update', A.admin, toStaff)).status).toBe(404);
    await ok(post('/blade-user/deptLaboratoryExternalUser/update', A.admin, link));
    expect(
      (await post('/blade-user/deptLaboratoryExternalUser/update', A.admin, { id: link.id })).status,
    ).toBe(400);
    // All or none: with an id that is not the tenant's among them, nothing is removed.
    const mixed = `${links.records[0].id},1234567890123456789`;
    expect((await post(`/blade-user/deptLaboratoryExternalUser/remove?ids=${mixed}`, A.admin)).status).toBe(
      404,
    );
    expect(
      (await ok(get(`/blade-user/deptLaboratoryExternalUser/list?deptId=${A.deptId}`, A.admin))).data.total,
    ).toBe(links.total);
    await ok(post(`/blade-user/deptLaboratoryExternalUser/remove?ids=${links.records[0].id}`, A.admin));
    await ok(post(`/blade-user/externalUser/remove?ids=${guest}`, A.admin));
  });
});

describe('external user pages: own codes', () => {
  it("needs the external pages' codes, not the user page's", async () => {
    // The inspector role holds user and user_view only (its password was reset above).
    const user = (await h.login('inspector', '123456', A.tenantId)).access_token;
    expect((await get('/blade-user/page', user)).status).toBe(200);
    for (const res of [
      await get('/blade-user/externalUser/page', user),
      await get('/blade-user/deptLaboratoryExternalUser/list', user),
      await post('/blade-user/externalUser/save', user, {
        account: 'g2',
        password: 'guest-pass',
        roleId: A.roleId,
        deptId: A.deptId,
      }),
      await post('/blade-user/deptLaboratoryExternalUser/save', user, {
        deptId: A.deptId,
        userIds: [A.userId],
      }),
    ])
      expect(res.status).toBe(403);

    // Granted the laboratory page alone: its list and the external users it picks from, nothing more.
    await grantInspector('system', 'user', 'user_view', 'dept_lab_user');
    expect((await get('/blade-user/deptLaboratoryExternalUser/list', user)).status).toBe(200);
    expect((await get('/blade-user/externalUser/page', user)).status).toBe(200);
    expect((await get(`/blade-user/externalUser/detail?id=${A.userId}`, user)).status).toBe(403);
    expect(
      (
        await post('/blade-user/deptLaboratoryExternalUser/save', user, {
          deptId: A.deptId,
          userIds: [A.userId],
        })
      ).status,
    ).toBe(403);
    await grantInspector('system', 'user', 'user_view');
  });
});

describe('post roles (lib/contracts/system/post-role.actions.ts)', () => {
  it('sets a post’s roles, edits one, refuses none, and removes all or nothing', async () => {
    const rows = async () =>
      (await ok(get(`/blade-system/postRole/list?postId=${A.postId}`, A.admin))).data.records as Array<{
        id: string;
        roleId: string;
      }>;
    expect((await json(await post('/blade-system/postRole/submit', A.admin, { postId: A.postId }))).msg).toBe(
      '请选择角色',
    );
    // The form's encoding is read as the JSON is.
    const form = await h.authed('/blade-system/postRole/submit', {
      token: A.admin,
      method: 'POST',
      body: new URLSearchParams({ postId: A.postId, roleId: A.roleId }),
    });
    expect((await json(form)).code).toBe(200);
    const [first] = await rows();
    expect(first).toMatchObject({ roleId: A.roleId });
    // Editing one assignment replaces it.
    await ok(
      post('/blade-system/postRole/submit', A.admin, { id: first.id, postId: A.postId, roleId: A.roleId }),
    );
    const [edited] = await rows();
    expect(edited.id).not.toBe(first.id);
    expect((await post(`/blade-system/postRole/remove?ids=${edited.id},${first.id}`, A.admin)).status).toBe(
      404,
    );
    expect((await rows()).map((r) => r.id)).toEqual([edited.id]);
    await ok(post(`/blade-system/postRole/remove?ids=${edited.id}`, A.admin));
    expect(await rows()).toEqual([]);
  });
});
