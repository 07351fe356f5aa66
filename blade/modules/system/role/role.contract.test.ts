import { roleResource } from '../../../../lib/contracts/system/role';
import { withTenant } from '../../../db/tenant';
import { describeResource } from '../../../testing/contract';
import { grantMenu, roleIdByAlias } from '../../../testing/fixtures';
import { PLATFORM, SETUP_TIMEOUT, type Harness } from '../../../testing/harness';

const suite = describeResource(roleResource, {
  sample: (n) => ({ roleName: `契约角色 ${n}`, roleAlias: `contract_role_${n}`, parentId: '0', sort: n }),
});

// The rules of who may hand out and change which roles are role-grants.test.ts's and access.test.ts's; these are the
// tree's and the removal's.
describe('roles (rules)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    ({ harness: h, admin } = suite);
  }, SETUP_TIMEOUT);

  const submit = (body: Record<string, unknown>) => h.call('/blade-system/role/submit', admin, body);
  const get = (path: string) => h.call(path, admin);
  async function add(roleAlias: string, parentId = '0'): Promise<string> {
    expect(await submit({ roleName: `规则 ${roleAlias}`, roleAlias, parentId })).toMatchObject({ code: 200 });
    return roleIdByAlias(h.blade.db, PLATFORM, roleAlias);
  }

  it('keeps the tree free of cycles and names the parent', async () => {
    const a = await add('rules_a');
    const b = await add('rules_b', a);
    expect((await get(`/blade-system/role/detail?id=${b}`)).data).toMatchObject({
      parentId: a,
      parentName: '规则 rules_a',
      tenantId: PLATFORM,
    });
    expect(await submit({ id: a, roleName: 'x', roleAlias: 'rules_a', parentId: a })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身!',
    });
    expect(await submit({ id: a, roleName: 'x', roleAlias: 'rules_a', parentId: b })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身的子节点!',
    });
    expect(await submit({ roleName: 'x', roleAlias: 'rules_c', parentId: '123' })).toMatchObject({
      status: 400,
      msg: '上级角色不存在!',
    });
    const list = (await get('/blade-system/role/list?roleAlias=rules_')).data;
    expect(list).toEqual([
      expect.objectContaining({
        id: a,
        children: [expect.objectContaining({ id: b, parentName: '规则 rules_a' })],
      }),
    ]);
  });

  it('removes a role with its grants, never one with children or one the caller holds', async () => {
    const parent = await add('rules_parent');
    const child = await add('rules_child', parent);
    await grantMenu(h.blade.db, PLATFORM, child, 'post');
    expect(await h.call(`/blade-system/role/remove?ids=${parent}`, admin, {})).toMatchObject({
      status: 400,
      msg: '请先删除子节点!',
    });
    const own = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
    expect(await h.call(`/blade-system/role/remove?ids=${own}`, admin, {})).toMatchObject({
      status: 400,
      msg: '不能删除当前登录用户的角色!',
      errorCode: 'system.role.heldRemove',
    });
    expect(await h.call(`/blade-system/role/remove?ids=${parent},${child}`, admin, {})).toMatchObject({
      code: 200,
    });
    const grants = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.selectFrom('blade_role_menu').select('id').where('role_id', '=', child).execute(),
    );
    expect(grants).toEqual([]);
  });

  it('answers the picker tree and refuses an empty grant', async () => {
    expect(JSON.stringify((await get('/blade-system/role/tree')).data)).toContain('"title":"超级管理员"');
    expect(await h.call('/blade-system/role/grant', admin, { roleIds: [] })).toMatchObject({
      status: 400,
      msg: '请选择角色',
    });
  });
});
