import { addRole, addUser, deptIds, grantMenu } from '../../../testing/fixtures';
import type { Harness } from '../../../testing/harness';
import { plainUserOfTenantB, setUpTenantB } from '../../tenant-b.test-helpers';

let h: Harness;
let admin: string;
let tenantAdmin: string;

setUpTenantB(
  {
    grants: ['dict', 'dictbiz', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete'],
  },
  (setup) => ({ h, admin, tenantAdmin } = setup),
);

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const post = (path: string, token: string) => h.authed(path, { token, method: 'POST' });

async function idOf(base: string, token: string, code: string, dictKey = '-1'): Promise<string> {
  const { data } = await call(`${base}/list?code=${code}`, token);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  return flat(data).find((n) => n.code === code && n.dictKey === dictKey).id;
}

describe('system dictionary (/dict)', () => {
  const base = '/blade-system/dict';

  it('adds a dictionary and its items; items take their header code; keys are unique per code', async () => {
    expect(await call(`${base}/submit`, admin, { dictValue: '颜色', sort: 1, isSealed: 0 })).toMatchObject({
      status: 400,
      msg: '请输入字典编号',
    });
    expect(await call(`${base}/submit`, admin, { code: 'color', sort: 1 })).toMatchObject({
      status: 400,
      msg: '请输入字典名称',
    });
    expect(await call(`${base}/submit`, admin, { code: 'color', dictValue: '颜色' })).toMatchObject({
      msg: '请输入字典排序',
    });
    expect(
      await call(`${base}/submit`, admin, { code: 'color', dictValue: '颜色', sort: 9, isSealed: 0 }),
    ).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(await call(`${base}/submit`, admin, { code: 'color', dictValue: '重复', sort: 1 })).toMatchObject({
      status: 400,
      msg: '当前字典键值已存在!',
    });
    const header = await idOf(base, admin, 'color');
    expect(await call(`${base}/submit`, admin, { parentId: header, dictValue: '红', sort: 1 })).toMatchObject(
      {
        msg: '请输入字典键值',
      },
    );
    const red = {
      parentId: header,
      code: 'ignored',
      dictKey: 1,
      dictValue: '红',
      sort: 2,
      remark: '/flow/red',
    };
    expect((await call(`${base}/submit`, admin, red)).code).toBe(200);
    expect((await call(`${base}/submit`, admin, { ...red, dictValue: '又红' })).msg).toBe(
      '当前字典键值已存在!',
    );
    expect(
      (await call(`${base}/submit`, admin, { parentId: header, dictKey: 'b', dictValue: '蓝', sort: 1 }))
        .code,
    ).toBe(200);
    const red1 = await idOf(base, admin, 'color', '1');
    await call(`${base}/submit`, admin, { parentId: red1, dictKey: '1-1', dictValue: '深红', sort: 1 });

    const { data } = await call(`${base}/dictionary?code=color`, admin);
    expect(data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['b', '1-1', '1']);
    expect(data.find((d: { dictKey: string }) => d.dictKey === '1')).toMatchObject({
      code: 'color',
      dictValue: '红',
      remark: '/flow/red',
    });
    const tree = (await call(`${base}/dictionary-tree?code=color`, admin)).data;
    expect(tree.map((d: { dictKey: string }) => d.dictKey)).toEqual(['b', '1']);
    expect(tree[1]).toMatchObject({ hasChildren: true, children: [{ dictKey: '1-1', hasChildren: false }] });
  });

  it('pages the headers and the rows below one header, with allowlisted sorting', async () => {
    const parents = await call(`${base}/parent-list?size=100000&current=0`, admin);
    expect(parents.data).toMatchObject({ size: 500, current: 1 });
    expect(parents.data.records.every((r: { parentId: string; dictKey: string }) => r.parentId === '0')).toBe(
      true,
    );
    expect(parents.data.records.map((r: { code: string }) => r.code)).toContain('sex');
    const filtered = await call(`${base}/parent-list?code=COL&size=1`, admin);
    expect(filtered.data).toMatchObject({
      total: 1,
      pages: 1,
      records: [{ code: 'color', dictValue: '颜色' }],
    });
    const byValue = await call(`${base}/parent-list?dictValue=${encodeURIComponent('性')}`, admin);
    expect(byValue.data.records.map((r: { code: string }) => r.code)).toEqual(['sex']);
    const desc = await call(`${base}/parent-list?descs=code&size=2`, admin);
    expect(desc.data.records[0].code >= desc.data.records[1].code).toBe(true);
    for (const bad of ['dict_value;drop table blade_dict', 'is_deleted', 'tenant_id']) {
      const res = await call(`${base}/parent-list?ascs=${encodeURIComponent(bad)}`, admin);
      expect(res).toMatchObject({ status: 400, success: false });
    }

    const header = await idOf(base, admin, 'color');
    const children = await call(`${base}/child-list?parentId=${header}&size=1&ascs=dict_key`, admin);
    expect(children.data).toMatchObject({ total: 2, size: 1, pages: 2 });
    expect(children.data.records).toMatchObject([{ dictKey: '1', children: [{ dictKey: '1-1' }] }]);
    expect((await call(`${base}/child-list`, admin)).status).toBe(400);
  });

  it('gives detail with the parent name and the whole tree', async () => {
    const red = await idOf(base, admin, 'color', '1');
    expect((await call(`${base}/detail?id=${red}`, admin)).data).toMatchObject({
      id: red,
      code: 'color',
      dictKey: '1',
      parentName: '颜色',
      isSealed: 0,
    });
    expect((await call(`${base}/detail?id=123`, admin)).status).toBe(404);
    const tree = (await call(`${base}/tree?code=DICT`, admin)).data;
    const color = tree.find((n: { code: string }) => n.code === 'color');
    expect(color).toMatchObject({ title: '颜色', parentId: '0', key: color.id, value: color.id });
    expect(color.children.map((n: { title: string }) => n.title)).toEqual(['蓝', '红']);
  });

  it('keeps the parent and the item code on edit, and renames items with their header', async () => {
    const header = await idOf(base, admin, 'color');
    const blue = await idOf(base, admin, 'color', 'b');
    const other = await idOf(base, admin, 'sex');
    await call(`${base}/submit`, admin, {
      id: blue,
      parentId: other,
      dictKey: 'b',
      dictValue: '蓝色',
      sort: 1,
    });
    expect((await call(`${base}/detail?id=${blue}`, admin)).data).toMatchObject({
      parentId: header,
      code: 'color',
      dictValue: '蓝色',
    });
    await call(`${base}/submit`, admin, { id: header, code: 'colour', dictValue: '颜色', sort: 9 });
    expect((await call(`${base}/dictionary?code=colour`, admin)).data).toHaveLength(3);
    expect((await call(`${base}/dictionary?code=color`, admin)).data).toEqual([]);
  });

  it('refuses removing a row with children, then removes leaves and their parent', async () => {
    const red = await idOf(base, admin, 'colour', '1');
    const deep = await idOf(base, admin, 'colour', '1-1');
    expect(await post(`${base}/remove?ids=${red}`, admin).then((r) => r.json())).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    });
    expect((await post(`${base}/remove?ids=${red},${deep}`, admin)).status).toBe(200);
    expect((await call(`${base}/dictionary?code=colour`, admin)).data).toHaveLength(1);
    expect((await post(`${base}/remove?ids=${red}`, admin)).status).toBe(404);
    expect((await post(`${base}/remove`, admin)).status).toBe(400);
  });

  it('seals a dictionary (isSealed 0 → 1): no edit, no new item, no remove, no unsealing', async () => {
    await call(`${base}/submit`, admin, { code: 'fixed', dictValue: '固定', sort: 1, isSealed: 0 });
    const header = await idOf(base, admin, 'fixed');
    await call(`${base}/submit`, admin, { parentId: header, dictKey: '1', dictValue: '一', sort: 1 });
    const item = await idOf(base, admin, 'fixed', '1');
    expect(
      (
        await call(`${base}/submit`, admin, {
          id: header,
          code: 'fixed',
          dictValue: '固定',
          sort: 1,
          isSealed: 1,
        })
      ).code,
    ).toBe(200);
    expect((await call(`${base}/detail?id=${header}`, admin)).data.isSealed).toBe(1);
    const sealed = { status: 400, msg: '已封存的字典不可修改' };
    expect(
      await call(`${base}/submit`, admin, {
        id: header,
        code: 'fixed',
        dictValue: '改',
        sort: 1,
        isSealed: 0,
      }),
    ).toMatchObject(sealed);
    expect(
      await call(`${base}/submit`, admin, { id: item, dictKey: '1', dictValue: '改', sort: 1 }),
    ).toMatchObject(sealed);
    expect(
      await call(`${base}/submit`, admin, { parentId: header, dictKey: '2', dictValue: '二', sort: 2 }),
    ).toMatchObject(sealed);
    expect(await post(`${base}/remove?ids=${item}`, admin).then((r) => r.json())).toMatchObject({
      msg: sealed.msg,
    });
    expect((await call(`${base}/dictionary?code=fixed`, admin)).data).toMatchObject([{ dictValue: '一' }]);
  });

  it('lets a tenant administrator read system dictionaries but only the platform administrator write them', async () => {
    expect((await call(`${base}/parent-list`, tenantAdmin)).code).toBe(200);
    expect((await call(`${base}/dictionary?code=sex`, tenantAdmin)).data).toHaveLength(2);
    const res = await call(`${base}/submit`, tenantAdmin, { code: 'mine', dictValue: '我的', sort: 1 });
    expect(res).toMatchObject({ status: 403, code: 403 });
    const sex = await idOf(base, admin, 'sex');
    expect((await post(`${base}/remove?ids=${sex}`, tenantAdmin)).status).toBe(403);
  });
});

describe('business dictionary (/dict-biz), two tenants', () => {
  const base = '/blade-system/dict-biz';

  it('keeps each tenant in its own dictionaries: B gets 404 on A ids and never sees A rows', async () => {
    await call(`${base}/submit`, admin, { code: 'level', dictValue: 'A 等级', sort: 1 });
    const aHeader = await idOf(base, admin, 'level');
    await call(`${base}/submit`, admin, { parentId: aHeader, dictKey: '1', dictValue: 'A 一级', sort: 1 });
    const aItem = await idOf(base, admin, 'level', '1');

    // The same code in tenant B does not collide with A's.
    expect(
      (await call(`${base}/submit`, tenantAdmin, { code: 'level', dictValue: 'B 等级', sort: 1 })).code,
    ).toBe(200);
    const bHeader = await idOf(base, tenantAdmin, 'level');
    expect(bHeader).not.toBe(aHeader);

    expect((await call(`${base}/detail?id=${aItem}`, tenantAdmin)).status).toBe(404);
    expect(
      (await call(`${base}/submit`, tenantAdmin, { id: aItem, dictKey: '1', dictValue: '偷改', sort: 1 }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(`${base}/submit`, tenantAdmin, {
          parentId: aHeader,
          dictKey: '9',
          dictValue: 'x',
          sort: 1,
        })
      ).msg,
    ).toBe('上级字典不存在');
    expect((await post(`${base}/remove?ids=${aItem}`, tenantAdmin)).status).toBe(404);
    expect((await call(`${base}/child-list?parentId=${aHeader}`, tenantAdmin)).data.total).toBe(0);
    expect((await call(`${base}/dictionary?code=level`, tenantAdmin)).data).toEqual([]);
    expect(
      (await call(`${base}/parent-list`, tenantAdmin)).data.records.map(
        (r: { dictValue: string }) => r.dictValue,
      ),
    ).toEqual(['B 等级']);

    // A's rows are untouched.
    expect((await call(`${base}/dictionary?code=level`, admin)).data).toMatchObject([
      { dictValue: 'A 一级' },
    ]);
    expect((await call(`${base}/detail?id=${aItem}`, admin)).data.parentName).toBe('A 等级');
  });

  it('refuses business dictionary writes from a plain user', async () => {
    const user = await plainUserOfTenantB(h);
    expect((await call(`${base}/submit`, user, { code: 'x', dictValue: 'x', sort: 1 })).status).toBe(403);
    expect((await call(`${base}/parent-list`, user)).status).toBe(403);
    expect((await call(`${base}/dictionary?code=level`, user)).data).toMatchObject([]);
  });
});

describe('business dictionary button codes', () => {
  it('lets a role do exactly what its buttons allow', async () => {
    const db = h.blade.db;
    const clerkRole = await addRole(db, '300001', { name: '字典员', alias: 'dict_clerk' });
    for (const code of ['dictbiz', 'dictbiz_add']) await grantMenu(db, '300001', clerkRole, code);
    await addUser(db, '300001', {
      account: 'clerk',
      password: 'clerk-pass',
      roleIds: [clerkRole],
      deptIds: (await deptIds(db, '300001')).slice(0, 1),
    });
    const clerk = (await h.login('clerk', 'clerk-pass', '300001')).access_token;
    const base = '/blade-system/dict-biz';
    expect((await call(`${base}/parent-list`, clerk)).code).toBe(200);
    expect((await call(`${base}/submit`, clerk, { code: 'grade', dictValue: '等级', sort: 1 })).code).toBe(
      200,
    );
    const id = await idOf(base, clerk, 'grade');
    expect(
      (await call(`${base}/submit`, clerk, { id, code: 'grade', dictValue: '改', sort: 1 })).status,
    ).toBe(403);
    expect((await post(`${base}/remove?ids=${id}`, clerk)).status).toBe(403);
    // System dictionaries need their own page code, and their writes the platform administrator.
    expect((await call('/blade-system/dict/parent-list', clerk)).status).toBe(403);
    expect((await call('/blade-system/dict/dictionary?code=sex', clerk)).data).toHaveLength(2);
  });
});

describe('business dictionary sealing', () => {
  it('refuses to update or remove a sealed row with 400 已封存的字典不可修改, and its header stays usable', async () => {
    const base = '/blade-system/dict-biz';
    await call(`${base}/submit`, admin, { code: 'stamp', dictValue: '印章', sort: 1, isSealed: 0 });
    const header = await idOf(base, admin, 'stamp');
    await call(`${base}/submit`, admin, {
      parentId: header,
      dictKey: '1',
      dictValue: '公章',
      sort: 1,
      isSealed: 1,
    });
    await call(`${base}/submit`, admin, { parentId: header, dictKey: '2', dictValue: '私章', sort: 2 });
    const sealedItem = await idOf(base, admin, 'stamp', '1');
    const openItem = await idOf(base, admin, 'stamp', '2');
    const refused = { status: 400, code: 400, msg: '已封存的字典不可修改' };
    expect(
      await call(`${base}/submit`, admin, {
        id: sealedItem,
        dictKey: '1',
        dictValue: '改',
        sort: 1,
        isSealed: 0,
      }),
    ).toMatchObject(refused);
    const removed = await post(`${base}/remove?ids=${sealedItem}`, admin);
    expect({ status: removed.status, ...(await removed.json()) }).toMatchObject(refused);
    // A batch with a sealed row removes nothing.
    const batch = await post(`${base}/remove?ids=${openItem},${sealedItem}`, admin);
    expect(batch.status).toBe(400);
    expect((await call(`${base}/dictionary?code=stamp`, admin)).data).toHaveLength(2);
    // The header itself is not sealed: its other items change as usual.
    expect(
      (await call(`${base}/submit`, admin, { id: openItem, dictKey: '2', dictValue: '私印', sort: 2 })).code,
    ).toBe(200);
    expect((await post(`${base}/remove?ids=${openItem}`, admin)).status).toBe(200);
  });
});
