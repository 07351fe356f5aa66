import { withTenant } from '../../db/tenant';
import { addRole, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

let h: Harness;
let admin: string;
let clerkRole: string;
let clerk: string;
let menuIds: Map<string, string>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;
type Node = { id: string; code?: string; title?: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

const post = (path: string, body: unknown, token: string) =>
  h.authed(path, {
    token,
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  admin = await adminToken(h);
  const rows = await db.selectFrom('blade_menu').select(['id', 'code']).execute();
  menuIds = new Map(rows.map((r) => [r.code, r.id]));
  clerkRole = await addRole(db, PLATFORM, { name: '文员', alias: 'clerk' });
  const [dept] = await deptIds(db, PLATFORM);
  await addUser(db, PLATFORM, {
    account: 'clerk',
    password: 'clerk-pass',
    roleIds: [clerkRole],
    deptIds: [dept],
  });
  clerk = (await h.login('clerk', 'clerk-pass')).access_token;
});

describe('seeded menus', () => {
  it('gives the administrator every page at its path', async () => {
    const { data } = await json(await h.authed('/blade-system/menu/list', { token: admin }));
    const paths = flat(data).map((m) => (m as unknown as { path: string }).path);
    for (const path of [
      '/wel/index',
      '/system/user',
      '/system/tenantpackage',
      '/authority/apiscope',
      '/monitor/log/error',
      '/resource/sms',
      '/tool/datasource',
    ])
      expect(paths).toContain(path);
  });
});

describe('role grants and button enforcement', () => {
  it('refuses a role without the button, then allows it once granted, without re-login', async () => {
    expect((await h.authed('/blade-system/role/list', { token: clerk })).status).toBe(403);
    const grant = await post(
      '/blade-system/role/grant',
      {
        roleIds: [clerkRole],
        menuIds: ['authority', 'role', 'role_view'].map((c) => menuIds.get(c)),
        dataScopeIds: [],
        apiScopeIds: [],
      },
      admin,
    );
    expect(await json(grant)).toMatchObject({ code: 200, msg: '操作成功' });
    const list = await h.authed('/blade-system/role/list', { token: clerk });
    expect(list.status).toBe(200);
    const routes = await json(await h.authed('/blade-system/menu/routes', { token: clerk }));
    expect(flat(routes.data).map((m) => m.code)).toEqual(['authority', 'role']);
    const buttons = await json(await h.authed('/blade-system/menu/buttons', { token: clerk }));
    expect(flat(buttons.data).map((m) => m.code)).toEqual(['authority', 'role', 'role_view']);
    const add = await post('/blade-system/role/submit', { roleName: 'x', roleAlias: 'x' }, clerk);
    expect(add.status).toBe(403);
    expect(await json(add)).toMatchObject({ code: 403, msg: '请求被拒绝' });
  });

  it('lets the holder of role_grant grant only what it holds', async () => {
    await post(
      '/blade-system/role/grant',
      {
        roleIds: [clerkRole],
        menuIds: ['authority', 'role', 'role_view', 'role_add', 'role_grant'].map((c) => menuIds.get(c)),
      },
      admin,
    );
    const other = await addRole(h.blade.db, PLATFORM, { name: '其他', alias: 'other' });
    const tooMuch = await post(
      '/blade-system/role/grant',
      { roleIds: [other], menuIds: [menuIds.get('user')] },
      clerk,
    );
    expect(tooMuch.status).toBe(403);
    const fine = await post(
      '/blade-system/role/grant',
      { roleIds: [other], menuIds: [menuIds.get('role')] },
      clerk,
    );
    expect(fine.status).toBe(200);
    const keys = await json(
      await h.authed(`/blade-system/menu/role-tree-keys?roleIds=${other}`, { token: clerk }),
    );
    expect(keys.data).toEqual({ menu: [menuIds.get('role')], dataScope: [], apiScope: [] });
    const tree = await json(await h.authed('/blade-system/menu/grant-tree', { token: clerk }));
    expect(flat(tree.data.menu).map((n) => n.title)).toEqual([
      '权限管理',
      '角色管理',
      '新增',
      '查看',
      '权限设置',
    ]);
    const adminAlias = await post('/blade-system/role/submit', { roleName: '管', roleAlias: 'admin' }, clerk);
    expect(adminAlias.status).toBe(403);
  });
});

describe('data scopes and API scopes', () => {
  let scoped: string;
  let scopedRole: string;
  let depts: string[];

  beforeAll(async () => {
    const db = h.blade.db;
    depts = await deptIds(db, PLATFORM);
    scopedRole = await addRole(db, PLATFORM, { name: '部门文员', alias: 'dept_clerk' });
    await post(
      '/blade-system/role/grant',
      { roleIds: [scopedRole], menuIds: ['system', 'user'].map((c) => menuIds.get(c)) },
      admin,
    );
    // depts[0] is the root, depts[1] and depts[2] its children.
    await addUser(db, PLATFORM, {
      account: 'scoped',
      password: 'scoped-pass',
      roleIds: [scopedRole],
      deptIds: [depts[1]],
    });
    await addUser(db, PLATFORM, {
      account: 'peer',
      password: 'peer-pass',
      roleIds: [clerkRole],
      deptIds: [depts[1]],
    });
    await addUser(db, PLATFORM, {
      account: 'far',
      password: 'far-pass',
      roleIds: [clerkRole],
      deptIds: [depts[2]],
    });
    scoped = (await h.login('scoped', 'scoped-pass')).access_token;
  }, SETUP_TIMEOUT);

  const accounts = async (token: string) =>
    (await json(await h.authed('/blade-user/page?size=100&ascs=account', { token }))).data.records.map(
      (u: { account: string }) => u.account,
    );

  it('restricts the user list to the own dept once the role holds that data scope, and 404s outside it', async () => {
    expect(await accounts(scoped)).toEqual(['admin', 'clerk', 'far', 'peer', 'scoped']);
    const add = await post(
      '/blade-system/data-scope/submit',
      { menuId: menuIds.get('user'), resourceCode: 'user', scopeName: '本部门', scopeType: 3 },
      admin,
    );
    expect(add.status).toBe(200);
    const scope = (
      await json(
        await h.authed(`/blade-system/data-scope/list?menuId=${menuIds.get('user')}`, { token: admin }),
      )
    ).data.records[0];
    expect(scope).toMatchObject({ scopeName: '本部门', scopeType: 3, scopeTypeName: '所在机构可见' });
    await post('/blade-system/role/grant', { roleIds: [scopedRole], dataScopeIds: [scope.id] }, admin);
    expect(await accounts(scoped)).toEqual(['peer', 'scoped']);
    const far = await h.blade.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'far')
      .executeTakeFirstOrThrow();
    expect((await h.authed(`/blade-user/detail?id=${far.id}`, { token: scoped })).status).toBe(404);
    // The administrator is never narrowed.
    expect(await accounts(admin)).toHaveLength(5);
  });

  it('widens to the dept and its children with scope type 4, and to own records with type 2', async () => {
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.updateTable('blade_user').set({ dept_id: depts[0] }).where('account', '=', 'scoped').execute(),
    );
    scoped = (await h.login('scoped', 'scoped-pass')).access_token;
    const [scope] = await h.blade.db.selectFrom('blade_scope_data').select('id').execute();
    await post(
      '/blade-system/data-scope/submit',
      {
        id: scope.id,
        menuId: menuIds.get('user'),
        resourceCode: 'user',
        scopeName: '本部门及以下',
        scopeType: 4,
      },
      admin,
    );
    expect(await accounts(scoped)).toEqual(['admin', 'clerk', 'far', 'peer', 'scoped']);
    await post(
      '/blade-system/data-scope/submit',
      { id: scope.id, menuId: menuIds.get('user'), resourceCode: 'user', scopeName: '本人', scopeType: 2 },
      admin,
    );
    expect(await accounts(scoped)).toEqual([]);
  });

  it('refuses a call covered by an API scope the role lacks, and allows it once granted', async () => {
    const add = await post(
      '/blade-system/api-scope/submit',
      {
        menuId: menuIds.get('user'),
        resourceCode: 'user_page',
        scopeName: '用户列表',
        scopePath: '/api/blade-user/page',
      },
      admin,
    );
    expect(add.status).toBe(200);
    const scope = (await json(await h.authed('/blade-system/api-scope/list', { token: admin }))).data
      .records[0];
    expect(scope).toMatchObject({ scopePath: '/blade-user/page', scopeTypeName: '系统接口' });
    expect((await h.authed('/blade-user/page', { token: scoped })).status).toBe(403);
    // Administrators are not narrowed by API scopes.
    expect((await h.authed('/blade-user/page', { token: admin })).status).toBe(200);
    await post('/blade-system/role/grant', { roleIds: [scopedRole], apiScopeIds: [scope.id] }, admin);
    expect((await h.authed('/blade-user/page', { token: scoped })).status).toBe(200);
    const tree = await json(await h.authed('/blade-system/menu/grant-tree', { token: admin }));
    expect(flat(tree.data.apiScope).map((n) => n.title)).toEqual(['系统管理', '用户管理', '用户列表']);
  });
});

describe('menu administration', () => {
  it('adds, edits and removes a menu, and the navigation follows without re-login', async () => {
    const add = await post(
      '/blade-system/menu/submit',
      {
        parentId: menuIds.get('system'),
        code: 'report',
        name: '报表',
        path: '/system/report',
        sort: 99,
        category: 1,
      },
      admin,
    );
    expect(await json(add)).toMatchObject({ code: 200, msg: '操作成功' });
    const report = (await json(await h.authed('/blade-system/menu/lazy-list?name=报表', { token: admin })))
      .data[0];
    expect(report).toMatchObject({
      path: '/system/report',
      hasChildren: false,
      parentId: menuIds.get('system'),
    });
    const routes = await json(await h.authed('/blade-system/menu/routes', { token: admin }));
    expect(flat(routes.data).map((m) => m.code)).not.toContain('report');
    await post(
      '/blade-system/role/grant',
      {
        roleIds: [await roleIdByAlias(h.blade.db, PLATFORM, 'administrator')],
        menuIds: [...menuIds.values(), report.id],
      },
      admin,
    );
    const after = await json(await h.authed('/blade-system/menu/routes', { token: admin }));
    expect(flat(after.data).map((m) => m.code)).toContain('report');
    const detail = (await json(await h.authed(`/blade-system/menu/detail?id=${report.id}`, { token: admin })))
      .data;
    expect(detail).toMatchObject({ parentName: '系统管理', categoryName: '菜单', isOpenName: '否' });
    const dup = await post('/blade-system/menu/submit', { code: 'report', name: '又一个' }, admin);
    expect((await json(dup)).msg).toBe('当前菜单编号已存在!');
    const parent = await post(`/blade-system/menu/remove?ids=${menuIds.get('system')}`, undefined, admin);
    expect((await json(parent)).msg).toBe('请先删除子节点!');
    expect((await post(`/blade-system/menu/remove?ids=${report.id}`, undefined, admin)).status).toBe(200);
    const gone = await json(await h.authed('/blade-system/menu/routes', { token: admin }));
    expect(flat(gone.data).map((m) => m.code)).not.toContain('report');
    for (const bad of ['password', 'sort;drop']) {
      expect(
        (await h.authed(`/blade-system/menu/list?ascs=${encodeURIComponent(bad)}`, { token: admin })).status,
      ).toBe(400);
    }
  });
});

describe('clients', () => {
  it('stores the secret hashed, never returns it, and refuses removing the client in use', async () => {
    const add = await post(
      '/blade-system/client/submit',
      {
        clientId: 'desktop',
        clientSecret: 'desktop-secret-0123456789',
        authorizedGrantTypes: 'captcha,refresh_token',
      },
      admin,
    );
    expect(add.status).toBe(200);
    const list = await h.authed('/blade-system/client/list?clientId=desk', { token: admin });
    const text = await list.text();
    expect(text).not.toContain('desktop-secret');
    expect(text).not.toContain('argon2');
    const row = await h.blade.db
      .selectFrom('blade_client')
      .select(['id', 'client_secret'])
      .where('client_id', '=', 'desktop')
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^\$argon2id\$/);
    const portal = await h.blade.db
      .selectFrom('blade_client')
      .select('id')
      .where('client_id', '=', 'portal')
      .executeTakeFirstOrThrow();
    expect(
      (await json(await post(`/blade-system/client/remove?ids=${portal.id}`, undefined, admin))).msg,
    ).toBe('不能删除当前使用的客户端!');
    expect((await post(`/blade-system/client/remove?ids=${row.id}`, undefined, admin)).status).toBe(200);
  });
});
