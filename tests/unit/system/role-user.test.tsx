import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RoleScreen } from '@/components/system/role-screen';
import { UserScreen } from '@/components/system/user-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn, Sidebar } from './fixtures';

const menuGrantTree = [
  {
    id: 'sys',
    parentId: '0',
    title: '系统管理',
    children: [
      {
        id: 'user',
        parentId: 'sys',
        title: '用户管理',
        children: [
          { id: 'user_add', parentId: 'user', title: '新增' },
          { id: 'user_delete', parentId: 'user', title: '删除' },
        ],
      },
    ],
  },
];

describe('RoleScreen', () => {
  it('grants menus with their ancestors, scopes without menus, and revalidates the navigation', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['role_add', 'role_grant']),
      '/api/blade-system/menu/routes': [],
      '/api/blade-system/role/tree': [],
      '/api/blade-system/role/list': [
        { id: 'r1', parentId: '0', roleName: '审核员', roleAlias: 'auditor', sort: 1 },
      ],
      '/api/blade-system/menu/grant-tree': {
        menu: menuGrantTree,
        dataScope: [
          {
            id: 'user',
            parentId: '0',
            title: '用户管理',
            children: [{ id: 'ds1', parentId: 'user', title: '本部门' }],
          },
        ],
        apiScope: [],
      },
      '/api/blade-system/menu/role-tree-keys': { menu: [], dataScope: [], apiScope: [] },
      'POST /api/blade-system/role/grant': {},
    });
    renderScreen(
      <>
        <Sidebar />
        <RoleScreen />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '权限设置' }));
    const dialog = await screen.findByRole('dialog', { name: /权限设置：审核员/ });
    const addButton = within(dialog).getAllByRole('treeitem', { name: '新增' })[0];
    fireEvent.click(addButton.querySelector('input[type="checkbox"]') as HTMLInputElement);
    const dataScopes = within(dialog).getAllByRole('group', { name: '数据权限' })[0];
    const dataScopeMenu = within(dataScopes).getAllByRole('treeitem')[0];
    fireEvent.click(dataScopeMenu.querySelector('input[type="checkbox"]') as HTMLInputElement);
    const routesBefore = blade.to('/api/blade-system/menu/routes').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/role/grant')).toHaveLength(1));
    const body = blade.to('/api/blade-system/role/grant')[0].body as Record<string, string[]>;
    expect(body.roleIds).toEqual(['r1']);
    expect(body.menuIds.sort()).toEqual(['sys', 'user', 'user_add']);
    expect(body.dataScopeIds).toEqual(['ds1']);
    expect(body.apiScopeIds).toEqual([]);
    await waitFor(() =>
      expect(blade.to('/api/blade-system/menu/routes').length).toBeGreaterThan(routesBefore),
    );
  });
});

/** The lists the user screen loads beside its page, empty unless a test says otherwise. */
const userScreenLookups = {
  '/api/blade-system/dept/tree': [],
  '/api/blade-system/role/tree': [],
  '/api/blade-system/post/list': page([]),
  '/api/blade-system/dict/dictionary': [],
};

describe('UserScreen', () => {
  it('pages users of the clicked department and grants roles to the selected users', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['user_add', 'user_role', 'user_reset', 'user_unlock']),
      ...userScreenLookups,
      '/api/blade-system/dept/tree': [{ id: 'd1', parentId: '0', title: '检验检测部' }],
      '/api/blade-system/role/tree': [{ id: 'r1', parentId: '0', title: '审核员' }],
      '/api/blade-user/page': page([
        { id: 'u1', account: 'zhang', realName: '张三', roleName: '', deptName: '' },
      ]),
      'POST /api/blade-user/grant': {},
    });
    renderScreen(<UserScreen />);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('检验检测部'));
    await waitFor(() => expect(blade.to('/api/blade-user/page').at(-1)?.query.get('deptId')).toBe('d1'));

    fireEvent.click(screen.getByRole('button', { name: '角色配置' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    const row = screen.getByText('张三').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '角色配置' }));
    const dialog = await screen.findByRole('dialog', { name: /角色配置/ });
    const role = within(dialog).getByRole('treeitem', { name: '审核员' });
    fireEvent.click(role.querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-user/grant')).toHaveLength(1));
    const grant = blade.to('/api/blade-user/grant')[0];
    expect(grant.query.get('userIds')).toBe('u1');
    expect(grant.query.get('roleIds')).toBe('r1');
  });

  it('shows the gender from the sex dictionary and an unset one (-1) as an empty cell', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      ...userScreenLookups,
      '/api/blade-system/dict/dictionary': [
        { dictKey: '1', dictValue: '男' },
        { dictKey: '2', dictValue: '女' },
      ],
      '/api/blade-user/page': page([
        { id: 'u1', account: 'zhang', realName: '张三', sex: 1, roleName: '', deptName: '' },
        { id: 'u2', account: 'li', realName: '李四', sex: -1, roleName: '', deptName: '' },
      ]),
    });
    renderScreen(<UserScreen />);
    const cellOf = async (name: string) => {
      const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
      return row.querySelector('[data-field="sex"]') as HTMLElement;
    };
    await waitFor(async () => expect((await cellOf('张三')).textContent).toBe('男'));
    expect((await cellOf('李四')).textContent).toBe('');
  });

  it('checks the add form: required account, name, roles, departments and matching passwords', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['user_add']),
      ...userScreenLookups,
      '/api/blade-user/page': page([]),
    });
    renderScreen(<UserScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 密码: 'secret1', 确认密码: 'secret2' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入登录账号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入用户姓名')).toBeInTheDocument();
    expect(within(dialog).getByText('两次密码输入不一致')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择所属角色')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择所属部门')).toBeInTheDocument();
    expect(blade.to('/api/blade-user/submit')).toHaveLength(0);
  });

  it('edits the platform fields through platform-detail and update-platform', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['user_platform']),
      ...userScreenLookups,
      '/api/blade-user/page': page([
        { id: 'u1', account: 'zhang', realName: '张三', roleName: '', deptName: '' },
      ]),
      '/api/blade-user/platform-detail': { id: 'u1', userType: 1, userExt: '' },
      'POST /api/blade-user/update-platform': {},
    });
    renderScreen(<UserScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '平台配置' }));
    const dialog = await screen.findByRole('dialog', { name: /平台配置/ });
    fireEvent.change(within(dialog).getByLabelText('用户拓展'), { target: { value: '{"lab":"A"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-user/update-platform')).toHaveLength(1));
    expect(blade.to('/api/blade-user/platform-detail')[0].query.get('id')).toBe('u1');
    expect(blade.to('/api/blade-user/update-platform')[0].body).toEqual({
      id: 'u1',
      userType: 1,
      userExt: '{"lab":"A"}',
    });
  });
});
