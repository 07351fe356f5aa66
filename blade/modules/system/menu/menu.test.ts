import { addTenant } from '../../../testing/fixtures';
import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, type Harness } from '../../../testing/harness';

// menu/submit and menu/remove, served from the menu definition (lib/contracts/system/menu.ts) and its hooks: the
// texts and order of the refusals, the parent rules, the alias by category, removal all or nothing and never leaving
// a child behind, the platform administrator only, and the audit stamps.

let h: Harness;
let admin: string;
let tenantAdmin: string;
let adminId: string;

const submit = (body: Record<string, unknown>, token = admin) =>
  h.call('/blade-system/menu/submit', token, body);
const remove = (ids: string[], token = admin) =>
  h.call(`/blade-system/menu/remove?ids=${ids.join(',')}`, token, {});
const menuRow = (code: string) =>
  h.blade.db
    .selectFrom('blade_menu')
    .selectAll()
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
async function add(body: Record<string, unknown>): Promise<string> {
  expect(await submit(body)).toMatchObject({ code: 200, success: true });
  return (await menuRow(String(body.code)))!.id;
}

harnessPerFile(async (made) => {
  h = made;
  const login = await h.login('admin', ADMIN_PASSWORD, PLATFORM);
  admin = login.access_token;
  adminId = login.user_id;
  await addTenant(h.blade.db, { tenantId: '410001', tenantName: '菜单测试', adminPassword: 'menu-admin-1' });
  tenantAdmin = (await h.login('admin', 'menu-admin-1', '410001')).access_token;
});

describe('menu/submit', () => {
  it('checks the name before the code, then refuses a taken code', async () => {
    expect(await submit({})).toMatchObject({ status: 400, msg: '请输入菜单名称' });
    expect(await submit({ name: '甲', code: '  ' })).toMatchObject({
      status: 400,
      msg: '请输入菜单编号',
      errorCode: 'system.menu.codeRequired',
    });
    await add({ name: '甲', code: 'm_a' });
    expect(await submit({ name: '又一个', code: 'm_a' })).toMatchObject({
      status: 400,
      msg: '当前菜单编号已存在!',
    });
    expect(await submit({ name: '长', code: 'x'.repeat(256) })).toMatchObject({
      status: 400,
      msg: 'code:长度不能超过255',
    });
  });

  it('adds with the defaults, the alias by category, and the audit stamps', async () => {
    await add({ name: '乙', code: 'm_b', parentId: 0 });
    expect(await menuRow('m_b')).toMatchObject({
      parent_id: '0',
      alias: 'menu',
      category: 1,
      action: 0,
      is_open: 1,
      sort: 0,
      create_user: adminId,
      update_user: adminId,
    });
    const parent = (await menuRow('m_b'))!.id;
    await add({ name: '乙按钮', code: 'm_b_add', parentId: parent, category: '2', action: 1, alias: ' ' });
    expect(await menuRow('m_b_add')).toMatchObject({
      parent_id: parent,
      alias: 'button',
      category: 2,
      action: 1,
    });
  });

  it('refuses a choice outside its range', async () => {
    expect(await submit({ name: '丙', code: 'm_c', category: 3 })).toMatchObject({
      status: 400,
      errorCode: 'system.menu.categoryInvalid',
    });
    expect(await submit({ name: '丙', code: 'm_c', action: 4 })).toMatchObject({
      status: 400,
      errorCode: 'system.menu.actionInvalid',
    });
    expect(await submit({ name: '丙', code: 'm_c', isOpen: 0 })).toMatchObject({
      status: 400,
      errorCode: 'system.menu.isOpenInvalid',
    });
    expect(await menuRow('m_c')).toBeUndefined();
  });

  it('refuses a missing parent, the menu itself and one of its children as parent', async () => {
    const top = await add({ name: '丁', code: 'm_d' });
    const child = await add({ name: '丁子', code: 'm_d_1', parentId: top });
    const grandchild = await add({ name: '丁孙', code: 'm_d_1_1', parentId: child });
    expect(await submit({ name: '戊', code: 'm_e', parentId: '123456789' })).toMatchObject({
      status: 400,
      msg: '上级菜单不存在!',
    });
    expect(await submit({ name: '戊', code: 'm_e', parentId: 'abc' })).toMatchObject({
      status: 400,
      msg: 'parentId:上级菜单不存在!',
    });
    expect(await submit({ id: top, name: '丁', code: 'm_d', parentId: top })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身!',
    });
    expect(await submit({ id: top, name: '丁', code: 'm_d', parentId: grandchild })).toMatchObject({
      status: 400,
      msg: '父节点不可选择自身的子节点!',
    });
    // Moving a grandchild up to the top is fine, and editing keeps the code's own row out of the unique check.
    expect(await submit({ id: grandchild, name: '丁孙改', code: 'm_d_1_1', parentId: '0' })).toMatchObject({
      code: 200,
    });
    expect(await menuRow('m_d_1_1')).toMatchObject({ name: '丁孙改', parent_id: '0' });
    expect((await submit({ id: '123456789', name: '无', code: 'm_none' })).status).toBe(404);
  });

  it('is the platform administrator’s only', async () => {
    const refused = await submit({ name: '己', code: 'm_f' }, tenantAdmin);
    expect(refused).toMatchObject({ status: 403, code: 403 });
    expect(await menuRow('m_f')).toBeUndefined();
  });
});

describe('menu/remove', () => {
  it('refuses to leave a child behind, removes a parent with its children, and is all or nothing', async () => {
    const top = await add({ name: '庚', code: 'm_g' });
    const child = await add({ name: '庚子', code: 'm_g_1', parentId: top });
    expect(await remove([top])).toMatchObject({ status: 400, msg: '请先删除子节点!' });
    expect(await menuRow('m_g')).toBeDefined();
    expect((await remove([child, '123456789'])).status).toBe(404);
    expect(await menuRow('m_g_1')).toBeDefined();
    expect((await remove([top, child], tenantAdmin)).status).toBe(403);
    expect(await remove([top, child])).toMatchObject({ code: 200, success: true });
    expect(await menuRow('m_g')).toBeUndefined();
    expect(await menuRow('m_g_1')).toBeUndefined();
    expect((await remove([top])).status).toBe(404);
  });

  it('takes a removed button out of the holders’ codes at once', async () => {
    const page = await add({ name: '辛', code: 'm_h' });
    await add({ name: '辛按钮', code: 'm_h_add', parentId: page, category: 2 });
    const codes = async () =>
      (
        (await h.call('/blade-system/menu/buttons', admin)).data as {
          code: string;
          children?: { code: string }[];
        }[]
      ).flatMap((b) => [b.code, ...(b.children ?? []).map((c) => c.code)]);
    const button = (await menuRow('m_h_add'))!.id;
    expect(await remove([button])).toMatchObject({ code: 200 });
    expect(await codes()).not.toContain('m_h_add');
  });
});
