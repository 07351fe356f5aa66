import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenu, roleIdByAlias } from '../../testing/fixtures';
import { ADMIN_PASSWORD, adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

let h: Harness;
let admin: string;
let user: string;
let adminId: string;

type Menu = { id: string; code: string; children?: Menu[] };
const codes = (menus: Menu[]): string[] => menus.flatMap((m) => [m.code, ...codes(m.children ?? [])]);

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  const depts = await deptIds(db, PLATFORM);
  const userRole = await roleIdByAlias(db, PLATFORM, 'user');
  const desk = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'desk')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('blade_menu')
    .values({
      id: nextId(),
      parent_id: desk.id,
      code: 'wel_add',
      name: '新增',
      alias: 'add',
      category: 2,
      sort: 1,
    })
    .execute();
  const adminRole = await roleIdByAlias(db, PLATFORM, 'administrator');
  await grantMenu(db, PLATFORM, adminRole, 'wel_add');
  await addUser(db, PLATFORM, {
    account: 'plain',
    password: 'plain-pass',
    roleIds: [userRole],
    deptIds: [depts[1]],
  });
  await db
    .insertInto('blade_param')
    .values([
      { id: nextId(), param_name: '系统名称', param_key: 'system.name', param_value: 'portal' },
      { id: nextId(), param_name: '百分比', param_key: 'ratio_100%', param_value: '1' },
    ])
    .execute();
  await addTenant(db, {
    tenantId: '200001',
    tenantName: 'B 公司',
    domain: 'https://B.example.com:8443',
    adminPassword: 'b-admin-pass',
  });
  await addTenant(db, {
    tenantId: '200002',
    tenantName: '过期',
    domain: 'old.example.com',
    adminPassword: 'c-admin-pass',
    expireTime: new Date(Date.now() - 1000),
  });

  adminId = (await h.login('admin', ADMIN_PASSWORD)).user_id;
  admin = await adminToken(h);
  user = (await h.login('plain', 'plain-pass')).access_token;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;

describe('menus', () => {
  it('gives the administrator every granted menu, sorted, as a tree', async () => {
    const { data } = await json(await h.authed('/blade-system/menu/routes', { token: admin }));
    // Other modules add their own menus; the seeded ones keep their order.
    const mine = ['desk', 'system', 'authority', 'monitor', 'tool', 'resource'];
    expect(data.map((m: Menu) => m.code).filter((c: string) => mine.includes(c))).toEqual(mine);
    expect(data[0]).toMatchObject({ parentId: '0', path: '/wel', source: 'dashboard', category: 1 });
    expect(codes(data).filter((c) => ['desk', 'wel', 'system', 'user'].includes(c))).toEqual([
      'desk',
      'wel',
      'system',
      'user',
    ]);
    // Routes carry menus only, never buttons.
    expect(codes(data)).not.toContain('user_add');
  });

  it('gives the user role 首页 with its ancestor only', async () => {
    const { data } = await json(await h.authed('/blade-system/menu/routes', { token: user }));
    expect(codes(data).slice(0, 2)).toEqual(['desk', 'wel']);
    expect(codes(data)).not.toContain('system');
    expect(data[0].children[0]).toMatchObject({ code: 'wel', name: '首页', path: '/wel/index' });
    expect(data[0].children[0]).not.toHaveProperty('children');
  });

  it('serves a role set menu tree from the cache until clear-cache, then shows a new grant', async () => {
    const before = codes((await json(await h.authed('/blade-system/menu/routes', { token: user }))).data);
    const userRole = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
    await grantMenu(h.blade.db, PLATFORM, userRole, 'system');
    // Same role set within the TTL: the cached tree, not a rebuilt one.
    expect(codes((await json(await h.authed('/blade-system/menu/routes', { token: user }))).data)).toEqual(
      before,
    );
    expect((await h.authed('/blade-auth/oauth/clear-cache', { token: admin })).status).toBe(200);
    expect(codes((await json(await h.authed('/blade-system/menu/routes', { token: user }))).data)).toEqual([
      ...before,
      'system',
    ]);
    await h.blade.db
      .deleteFrom('blade_role_menu')
      .where('role_id', '=', userRole)
      .where('menu_id', 'in', h.blade.db.selectFrom('blade_menu').select('id').where('code', '=', 'system'))
      .execute();
    await h.authed('/blade-auth/oauth/clear-cache', { token: admin });
  });

  it('lists buttons under their menus', async () => {
    const adminButtons = codes(
      (await json(await h.authed('/blade-system/menu/buttons', { token: admin }))).data,
    );
    expect(adminButtons.slice(0, 2)).toEqual(['desk', 'wel_add']);
    expect(adminButtons).toEqual(
      expect.arrayContaining(['system', 'user', 'user_add', 'user_reset', 'role_grant']),
    );
    expect((await json(await h.authed('/blade-system/menu/buttons', { token: user }))).data).toEqual([]);
  });

  it('filters routes by top menu and lists only the tenant top menus', async () => {
    const db = h.blade.db;
    const top = nextId();
    const wel = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'wel')
      .executeTakeFirstOrThrow();
    await withTenant(db, PLATFORM, async (trx) => {
      await trx
        .insertInto('blade_top_menu')
        .values({ id: top, tenant_id: PLATFORM, code: 'office', name: '办公', sort: 1 })
        .execute();
      await trx
        .insertInto('blade_top_menu_setting')
        .values({ id: nextId(), tenant_id: PLATFORM, top_menu_id: top, menu_id: wel.id })
        .execute();
    });
    await withTenant(db, '200001', (trx) =>
      trx
        .insertInto('blade_top_menu')
        .values({ id: nextId(), tenant_id: '200001', code: 'b', name: 'B', sort: 1 })
        .execute(),
    );
    const tops = (await json(await h.authed('/blade-system/menu/top-menu', { token: admin }))).data;
    expect(tops.map((t: Menu) => t.code)).toEqual(['office']);
    const { data } = await json(
      await h.authed(`/blade-system/menu/routes?topMenuId=${top}`, { token: admin }),
    );
    expect(codes(data)).toEqual(['desk', 'wel']);
    expect(
      (await json(await h.authed('/blade-system/menu/routes?topMenuId=abc', { token: admin }))).msg,
    ).toBe('topMenuId:必须是有效的ID');
  });
});

describe('dept and role select', () => {
  it('lists the caller own depts and roles', async () => {
    const depts = await json(await h.authed(`/blade-system/dept/select?userId=${adminId}`, { token: admin }));
    expect(depts.data.map((d: { deptName: string }) => d.deptName)).toEqual(['总部']);
    const roles = await json(await h.authed('/blade-system/role/select', { token: user }));
    expect(roles.data).toEqual([
      expect.objectContaining({ roleName: '用户', roleAlias: 'user', tenantId: PLATFORM }),
    ]);
  });

  it('lets only an administrator look at another user', async () => {
    expect((await h.authed(`/blade-system/dept/select?userId=${adminId}`, { token: user })).status).toBe(403);
    const plain = await h.blade.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'plain')
      .executeTakeFirstOrThrow();
    const res = await json(await h.authed(`/blade-system/role/select?userId=${plain.id}`, { token: admin }));
    expect(res.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['user']);
    expect((await h.authed('/blade-system/role/select?userId=123', { token: admin })).status).toBe(404);
  });

  it('refuses a malformed userId with a clear 400', async () => {
    const res = await h.authed("/blade-system/dept/select?userId=1'or'1'='1", { token: admin });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: 'userId:必须是有效的ID',
      errorCode: 'common.validation.ids',
      errorField: 'userId',
    });
  });

  it('does not take a role alias that merely contains admin', async () => {
    const admin2 = await addRole(h.blade.db, PLATFORM, { name: '伪管理员', alias: 'admin2' });
    const [dept] = await deptIds(h.blade.db, PLATFORM);
    await addUser(h.blade.db, PLATFORM, {
      account: 'almost',
      password: 'almost-pass',
      roleIds: [admin2],
      deptIds: [dept],
    });
    const token = (await h.login('almost', 'almost-pass')).access_token;
    expect((await h.authed(`/blade-system/dept/select?userId=${adminId}`, { token })).status).toBe(403);
    expect((await h.authed('/blade-system/param/list', { token })).status).toBe(403);
  });
});

describe('dictionary', () => {
  it('answers the items of a code, without the header row', async () => {
    const { data } = await json(await h.authed('/blade-system/dict/dictionary?code=sex', { token: user }));
    expect(data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    expect(data[0]).toMatchObject({ code: 'sex', sort: 1 });
  });

  it('answers [] for an unknown code and 400 without one', async () => {
    expect(
      (await json(await h.authed('/blade-system/dict/dictionary?code=nope', { token: user }))).data,
    ).toEqual([]);
    const res = await h.authed('/blade-system/dict/dictionary', { token: user });
    expect(res.status).toBe(400);
    expect((await json(res)).msg).toBe('code:不能为空');
  });
});

describe('tenant info (public)', () => {
  const info = async (domain: string) =>
    (await json(await h.blade.app.request(`/blade-system/tenant/info?domain=${encodeURIComponent(domain)}`)))
      .data;

  it('finds a live tenant by the host of the page URL, case-insensitively', async () => {
    expect(await info('https://b.EXAMPLE.com:8443/#/login')).toEqual({
      tenantId: '200001',
      tenantName: 'B 公司',
      domain: 'https://B.example.com:8443',
      backgroundUrl: '',
    });
    expect(await info('b.example.com:8443')).toMatchObject({ tenantId: '200001' });
  });

  it('answers {} for another port, a look-alike host, an expired tenant or nothing', async () => {
    expect(await info('https://b.example.com')).toEqual({});
    expect(await info('https://xb.example.com:8443')).toEqual({});
    expect(await info('https://example.com:8443')).toEqual({});
    expect(await info('old.example.com')).toEqual({});
    expect(await info('')).toEqual({});
  });
});

describe('param list (platform administrator)', () => {
  it('pages with the Blade page shape and clamps the size', async () => {
    const { data } = await json(
      await h.authed('/blade-system/param/list?size=100000&current=0', { token: admin }),
    );
    expect(data).toMatchObject({ total: 3, size: 500, current: 1, pages: 1 });
    expect(data.records[0]).toMatchObject({ paramKey: 'account.registerUser', status: 1, isDeleted: 0 });
    expect(data.records[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const small = (await json(await h.authed('/blade-system/param/list?size=1&current=2', { token: admin })))
      .data;
    expect(small).toMatchObject({ size: 1, current: 2, total: 3, pages: 3 });
    expect(small.records).toHaveLength(1);
  });

  it('filters by name and key, with LIKE wildcards taken literally', async () => {
    const byKey = (await json(await h.authed('/blade-system/param/list?paramKey=100%25', { token: admin })))
      .data;
    expect(byKey.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(['ratio_100%']);
    const byName = (
      await json(
        await h.authed(`/blade-system/param/list?paramName=${encodeURIComponent('名称')}`, { token: admin }),
      )
    ).data;
    expect(byName.total).toBe(1);
    expect(
      (await json(await h.authed('/blade-system/param/list?paramKey=_', { token: admin }))).data.total,
    ).toBe(1);
  });

  it('sorts through the allowlist and refuses anything else', async () => {
    const desc = (await json(await h.authed('/blade-system/param/list?descs=param_key', { token: admin })))
      .data;
    expect(desc.records.map((r: { paramKey: string }) => r.paramKey)).toEqual([
      'system.name',
      'ratio_100%',
      'account.registerUser',
    ]);
    const camel = (await json(await h.authed('/blade-system/param/list?ascs=paramKey', { token: admin })))
      .data;
    expect(camel.records[0].paramKey).toBe('account.registerUser');
    for (const bad of ['password', 'param_key;drop table blade_param', 'param_value']) {
      const res = await h.authed(`/blade-system/param/list?ascs=${encodeURIComponent(bad)}`, {
        token: admin,
      });
      expect(res.status).toBe(400);
      expect((await json(res)).msg).toMatch(/^ascs:不支持的排序字段/);
    }
  });

  it('refuses bad paging input and non-administrators', async () => {
    const res = await h.authed('/blade-system/param/list?size=ten', { token: admin });
    expect(res.status).toBe(400);
    expect((await json(res)).msg).toBe('size:必须为整数');
    expect((await h.authed('/blade-system/param/list', { token: user })).status).toBe(403);
    expect(await json(await h.authed('/blade-system/param/list', { token: user }))).toMatchObject({
      code: 403,
      msg: '请求被拒绝',
    });
  });
});

describe('current user and unknown routes', () => {
  it('answers /blade-user/info as a UserVO without the password', async () => {
    const { data } = await json(await h.authed('/blade-user/info', { token: admin }));
    expect(data).toMatchObject({
      id: adminId,
      account: 'admin',
      realName: '管理员',
      roleName: '超级管理员',
      deptName: '总部',
      tenantId: PLATFORM,
    });
    expect(data).not.toHaveProperty('password');
  });

  it('answers 404 envelopes for unknown routes (with a token)', async () => {
    const res = await h.authed('/blade-system/nope', { token: admin });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ code: 404, success: false });
  });

  it('marks responses as not cacheable', async () => {
    expect((await h.authed('/blade-user/info', { token: admin })).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});
