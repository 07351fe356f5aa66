import { deptResource } from '../../../../lib/contracts/system/dept';
import { withTenant } from '../../../db/tenant';
import { describeResource } from '../../../testing/contract';
import { addUser } from '../../../testing/fixtures';
import { PLATFORM, SETUP_TIMEOUT, type Harness } from '../../../testing/harness';

const suite = describeResource(deptResource, {
  sample: (n) => ({
    deptName: `契约部门 ${n}`,
    fullName: `契约部门全称 ${n}`,
    parentId: '0',
    deptCategory: (n % 3) + 1,
    sort: n,
    remark: `备注 ${n}`,
  }),
});

describe('depts (rules)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    ({ harness: h, admin } = suite);
  }, SETUP_TIMEOUT);

  const submit = (body: Record<string, unknown>) => h.call('/blade-system/dept/submit', admin, body);
  const get = (path: string) => h.call(path, admin);
  /** Adds a dept under `parentId` and answers its id. */
  async function add(deptName: string, parentId = '0', extra: Record<string, unknown> = {}): Promise<string> {
    expect(await submit({ deptName, parentId, ...extra })).toMatchObject({ code: 200 });
    const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_dept')
        .select('id')
        .where('dept_name', '=', deptName)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  }
  const ancestorsOf = async (id: string) =>
    (
      await withTenant(h.blade.db, PLATFORM, (trx) =>
        trx.selectFrom('blade_dept').select('ancestors').where('id', '=', id).executeTakeFirstOrThrow(),
      )
    ).ancestors;

  it('keeps the ancestors path, moves the subtree with its dept and refuses a cycle', async () => {
    const a = await add('规则甲');
    const b = await add('规则乙', a);
    const c = await add('规则丙', b);
    expect(await ancestorsOf(c)).toBe(`0,${a},${b}`);
    // The full name defaults to the name.
    expect((await get(`/blade-system/dept/detail?id=${b}`)).data).toMatchObject({
      fullName: '规则乙',
      parentName: '规则甲',
      tenantId: PLATFORM,
    });
    const root = await add('规则丁');
    expect(await submit({ id: b, deptName: '规则乙', parentId: root })).toMatchObject({ code: 200 });
    expect(await ancestorsOf(c)).toBe(`0,${root},${b}`);
    expect(await submit({ id: b, deptName: '规则乙', parentId: b })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身!',
      errorCode: 'system.dept.parentSelf',
    });
    expect(await submit({ id: b, deptName: '规则乙', parentId: c })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身的子节点!',
    });
    expect(await submit({ deptName: '规则戊', parentId: '123' })).toMatchObject({
      status: 400,
      msg: '上级部门不存在!',
    });
    // Without a parent a dept goes to the top.
    expect(await submit({ id: c, deptName: '规则丙' })).toMatchObject({ code: 200 });
    expect(await ancestorsOf(c)).toBe('0');
  });

  it('answers the list as a tree with parent names, and one level at a time', async () => {
    const top = await add('树顶');
    const leaf = await add('树叶', top);
    const tree = (await get('/blade-system/dept/list?deptName=树')).data;
    expect(tree).toEqual([
      expect.objectContaining({
        id: top,
        parentName: '',
        children: [expect.objectContaining({ id: leaf, parentName: '树顶', deptName: '树叶' })],
      }),
    ]);
    // A filter that leaves out the parent still names it.
    expect((await get('/blade-system/dept/list?deptName=树叶')).data).toEqual([
      expect.objectContaining({ id: leaf, parentName: '树顶' }),
    ]);
    expect((await get(`/blade-system/dept/lazy-list?parentId=${top}`)).data).toEqual([
      expect.objectContaining({ id: leaf, parentName: '树顶', hasChildren: false }),
    ]);
    const roots = (await get('/blade-system/dept/lazy-tree')).data as { id: string; hasChildren: boolean }[];
    expect(roots).toContainEqual(expect.objectContaining({ id: top, hasChildren: true }));
    expect(roots.map((r) => r.id)).not.toContain(leaf);
    expect(JSON.stringify((await get('/blade-system/dept/tree')).data)).toContain(leaf);
  });

  it('refuses to remove a dept with children or users, all or nothing', async () => {
    const parent = await add('删除父');
    const child = await add('删除子', parent);
    expect(await h.call(`/blade-system/dept/remove?ids=${parent}`, admin, {})).toMatchObject({
      status: 400,
      msg: '请先删除子节点!',
    });
    await addUser(h.blade.db, PLATFORM, {
      account: 'deptrules',
      password: 'dept-rules-pass-1',
      roleIds: [],
      deptIds: [child],
    });
    expect(await h.call(`/blade-system/dept/remove?ids=${parent},${child}`, admin, {})).toMatchObject({
      status: 400,
      msg: '该部门下存在用户，请先移除用户!',
    });
    expect((await get(`/blade-system/dept/detail?id=${parent}`)).status).toBe(200);
    const empty = await add('删除空', parent);
    expect(await h.call(`/blade-system/dept/remove?ids=${empty}`, admin, {})).toMatchObject({ code: 200 });
  });
});
