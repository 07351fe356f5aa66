import { topMenuResource } from '../../../../lib/contracts/system/topmenu';
import { describeResource } from '../../../testing/contract';
import { addRole, addUser, deptIds, grantMenu } from '../../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../../testing/harness';

describeResource(topMenuResource, {
  sample: (n) => ({
    code: `top${n}`,
    name: `顶部菜单 ${n}`,
    path: `/top/${n}`,
    source: 'apps',
    sort: n,
  }),
});

describe('top menus (rules)', () => {
  let h: Harness;
  let admin: string;
  let menu: Map<string, string>;
  harnessPerFile(async (made) => {
    h = made;
    admin = await adminToken(h);
    const rows = await h.blade.db.selectFrom('blade_menu').select(['id', 'code']).execute();
    menu = new Map(rows.map((r) => [r.code, r.id]));
  });

  type Node = { path: string; children?: Node[] };
  const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
  const grant = (token: string, topMenuIds: string[], menuIds: string[]) =>
    h.call('/blade-system/topmenu/grant', token, { topMenuIds, menuIds });

  it('checks the code before the name, and lists by sort', async () => {
    const submit = (body: object) => h.call('/blade-system/topmenu/submit', admin, body);
    expect(await submit({})).toMatchObject({ status: 400, msg: '请输入顶部菜单编号' });
    expect(await submit({ code: 'b' })).toMatchObject({ status: 400, msg: '请输入顶部菜单名称' });
    await submit({ code: 'b', name: '乙', sort: 2 });
    await submit({ code: 'a', name: '甲', sort: 1 });
    const { records } = (await h.call('/blade-system/topmenu/list', admin)).data;
    expect(records.map((r: { code: string }) => r.code)).toEqual(['a', 'b']);
    expect(records[0]).toMatchObject({ tenantId: PLATFORM, sort: 1 });
  });

  it('grants menus the caller holds; the navigation follows at once; a removed top menu takes its set along', async () => {
    const { records } = (await h.call('/blade-system/topmenu/list?code=a', admin)).data;
    const top: string = records[0].id;
    expect(await grant(admin, [], [menu.get('user')!])).toMatchObject({ status: 400, msg: '请选择顶部菜单' });
    expect(await grant(admin, [top], [])).toMatchObject({ status: 400, msg: '请选择菜单' });
    expect(await grant(admin, [top], ['123'])).toMatchObject({ status: 404 });
    const routes = async () =>
      paths((await h.call(`/blade-system/menu/routes?topMenuId=${top}`, admin)).data);
    expect(await routes()).toEqual([]);
    expect(await grant(admin, [top], [menu.get('system')!, menu.get('user')!])).toMatchObject({ code: 200 });
    expect(await routes()).toEqual(['/system', '/system/user']);
    expect(await grant(admin, [top], [menu.get('system')!, menu.get('dept')!])).toMatchObject({ code: 200 });
    expect(await routes()).toEqual(['/system', '/system/dept']);

    // A role holding the setting button but not the menus it hands out is refused.
    const roleId = await addRole(h.blade.db, PLATFORM, { name: '顶部菜单配置', alias: 'topsetter' });
    for (const code of ['topmenu', 'topmenu_setting', 'system', 'user'])
      await grantMenu(h.blade.db, PLATFORM, roleId, code);
    await addUser(h.blade.db, PLATFORM, {
      account: 'topsetter',
      password: 'topsetter-pass-1',
      roleIds: [roleId],
      deptIds: (await deptIds(h.blade.db, PLATFORM)).slice(0, 1),
    });
    const setter = (await h.login('topsetter', 'topsetter-pass-1')).access_token;
    expect(await grant(setter, [top], [menu.get('system')!, menu.get('dept')!])).toMatchObject({
      status: 403,
    });
    expect(await grant(setter, [top], [menu.get('system')!, menu.get('user')!])).toMatchObject({ code: 200 });

    expect(await h.call(`/blade-system/topmenu/remove?ids=${top}`, admin, {})).toMatchObject({ code: 200 });
    const settings = await h.blade.db
      .selectFrom('blade_top_menu_setting')
      .select('id')
      .where('top_menu_id', '=', top)
      .execute();
    expect(settings).toEqual([]);
  });
});
