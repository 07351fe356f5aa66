import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DeptLabUserScreen } from '@/components/system/dept-lab-user-screen';
import { ExternalUserScreen } from '@/components/system/external-user-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn } from './fixtures';

const check = (item: HTMLElement) =>
  fireEvent.click(item.querySelector('input[type="checkbox"]') as HTMLInputElement);

const pick = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

/** MUI keeps the page aria-hidden while a dialog closes. */
const dialogsClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

const guest = {
  id: 'g1',
  account: 'guest1',
  realName: '客户甲',
  name: '',
  phone: '13800000000',
  email: '',
  roleId: 'r1',
  deptId: 'd1',
  roleName: '访客',
  deptName: '检验部',
};

const common = {
  '/api/blade-system/dept/tree': [{ id: 'd1', parentId: '0', title: '检验部' }],
  '/api/blade-system/role/tree': [{ id: 'r1', parentId: '0', title: '访客' }],
};

describe('ExternalUserScreen', () => {
  it('adds through save and edits through update, without a password on edit', async () => {
    const blade = fakeBlade({
      ...common,
      '/api/blade-system/menu/buttons': buttonsWith(['external_user_add', 'external_user_edit']),
      '/api/blade-user/externalUser/page': page([guest]),
      '/api/blade-user/externalUser/detail': guest,
      'POST /api/blade-user/externalUser/save': {},
      'POST /api/blade-user/externalUser/update': {},
    });
    renderScreen(<ExternalUserScreen />);
    expect(await screen.findByText('客户甲')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: /新增外部用户/ });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入登录账号')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择所属部门')).toBeInTheDocument();
    fillIn(dialog, { 登录账号: 'guest2', 用户姓名: '客户乙', 密码: 'secret1', 确认密码: 'secret1' });
    check(within(dialog).getByRole('treeitem', { name: '访客' }));
    check(within(dialog).getByRole('treeitem', { name: '检验部' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await dialogsClosed();
    expect(blade.to('/api/blade-user/externalUser/save')[0].body).toMatchObject({
      account: 'guest2',
      realName: '客户乙',
      password: 'secret1',
      roleId: 'r1',
      deptId: 'd1',
    });

    const row = screen.getByText('客户甲').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const edit = await screen.findByRole('dialog', { name: /编辑外部用户/ });
    expect(within(edit).queryByLabelText('密码')).not.toBeInTheDocument();
    fireEvent.change(within(edit).getByLabelText('手机号码'), { target: { value: '13900000000' } });
    fireEvent.click(within(edit).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(blade.to('/api/blade-user/externalUser/detail')[0].query.get('id')).toBe('g1');
    const update = blade.to('/api/blade-user/externalUser/update')[0].body as Record<string, unknown>;
    expect(update).toMatchObject({ id: 'g1', phone: '13900000000', roleId: 'r1', deptId: 'd1' });
    expect(update).not.toHaveProperty('password');
    expect(blade.to('/api/blade-user/externalUser/save')).toHaveLength(1);
  });

  it('deletes the selected rows after the confirmation, searches by account', async () => {
    const blade = fakeBlade({
      ...common,
      '/api/blade-system/menu/buttons': buttonsWith(['external_user_delete']),
      '/api/blade-user/externalUser/page': page([guest]),
      'POST /api/blade-user/externalUser/remove': {},
    });
    renderScreen(<ExternalUserScreen />);
    expect(await screen.findByText('客户甲')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    const toolbarDelete = screen.getAllByRole('button', { name: '删除' })[0];
    fireEvent.click(toolbarDelete);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    const row = screen.getByText('客户甲').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(toolbarDelete);
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await dialogsClosed();
    expect(blade.to('/api/blade-user/externalUser/remove')[0].query.get('ids')).toBe('g1');

    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByLabelText('登录账号'), { target: { value: 'gue' } });
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(blade.to('/api/blade-user/externalUser/page').at(-1)?.query.get('account')).toBe('gue'),
    );
  });
});

describe('DeptLabUserScreen', () => {
  const link = {
    id: 'l1',
    deptId: 'd1',
    userId: 'g1',
    deptName: '检验部',
    account: 'guest1',
    realName: '客户甲',
    phone: '',
    email: '',
    createTime: '2026-11-21 10:00:00',
  };

  const guests = [
    { id: 'g1', account: 'guest1', realName: '客户甲' },
    { id: 'g2', account: 'guest2', realName: '客户乙' },
  ];
  /** externalUser/page as blade/ answers it: realName and account filter (contains), ANDed. */
  const externalUserPage =
    (records = guests, total?: number) =>
    (call: { query: URLSearchParams }) => {
      const name = call.query.get('realName') ?? '';
      const account = call.query.get('account') ?? '';
      const found = records.filter((u) => u.realName.includes(name) && u.account.includes(account));
      return { ...page(found), total: total ?? found.length };
    };

  it('attaches several external users to a department, moves one link, and has no view button', async () => {
    const blade = fakeBlade({
      ...common,
      '/api/blade-system/menu/buttons': buttonsWith(['dept_lab_user_add', 'dept_lab_user_edit']),
      '/api/blade-user/externalUser/page': externalUserPage(),
      '/api/blade-user/deptLaboratoryExternalUser/list': page([link]),
      'POST /api/blade-user/deptLaboratoryExternalUser/save': {},
      'POST /api/blade-user/deptLaboratoryExternalUser/update': {},
    });
    renderScreen(<DeptLabUserScreen />);
    expect(await screen.findByText('客户甲')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看' })).not.toBeInTheDocument();
    // Nothing is loaded to pick from until a dialog asks.
    expect(blade.to('/api/blade-user/externalUser/page')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: /新增实验室外部用户/ });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择所属部门')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择外部用户')).toBeInTheDocument();
    await pick(dialog, '所属部门', '检验部');
    const users = within(dialog).getByRole('combobox', { name: '外部用户' });
    fireEvent.mouseDown(users);
    fireEvent.click(await screen.findByRole('option', { name: '客户甲 (guest1)' }));
    // The list closes after a pick (it would cover the buttons); reopened, it no longer offers the picked user.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    fireEvent.mouseDown(users);
    const second = await screen.findByRole('option', { name: '客户乙 (guest2)' });
    expect(screen.queryByRole('option', { name: '客户甲 (guest1)' })).not.toBeInTheDocument();
    fireEvent.click(second);
    expect(blade.to('/api/blade-user/externalUser/page')[0].query.get('size')).toBe('20');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await dialogsClosed();
    const saved = blade.to('/api/blade-user/deptLaboratoryExternalUser/save')[0].body as {
      deptId: string;
      userIds: string[];
    };
    expect(saved.deptId).toBe('d1');
    expect([...saved.userIds].sort()).toEqual(['g1', 'g2']);

    const row = screen.getByText('客户甲').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const edit = await screen.findByRole('dialog', { name: /编辑实验室外部用户/ });
    const user = within(edit).getByRole('combobox', { name: '外部用户' });
    expect(user).toHaveValue('客户甲 (guest1)');
    // Typing searches blade/ by name and by account (its filters are ANDed, so two pages are merged).
    fireEvent.change(user, { target: { value: '乙' } });
    await waitFor(() => {
      const searches = blade.to('/api/blade-user/externalUser/page').map((c) => c.query);
      expect(searches.some((q) => q.get('realName') === '乙')).toBe(true);
      expect(searches.some((q) => q.get('account') === '乙')).toBe(true);
    });
    fireEvent.click(await screen.findByRole('option', { name: '客户乙 (guest2)' }));
    fireEvent.click(within(edit).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(blade.to('/api/blade-user/deptLaboratoryExternalUser/update')[0].body).toEqual({
      id: 'l1',
      deptId: 'd1',
      userId: 'g2',
    });
  });

  it('says how many matches are not listed, and asks for a narrower search', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      id: `m${i}`,
      account: `contact${i}`,
      realName: `联系人${i}`,
    }));
    fakeBlade({
      ...common,
      '/api/blade-system/menu/buttons': buttonsWith(['dept_lab_user_add']),
      '/api/blade-user/externalUser/page': externalUserPage(many, 1234),
      '/api/blade-user/deptLaboratoryExternalUser/list': page([]),
    });
    renderScreen(<DeptLabUserScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: /新增实验室外部用户/ });
    expect(
      await within(dialog).findByText('另有 1214 位未列出，请输入姓名或账号缩小范围'),
    ).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '外部用户' }));
    expect(await screen.findAllByRole('option')).toHaveLength(20);
  });

  it('filters by department', async () => {
    const blade = fakeBlade({
      ...common,
      '/api/blade-system/menu/buttons': buttonsWith([]),
      '/api/blade-user/deptLaboratoryExternalUser/list': page([link]),
    });
    renderScreen(<DeptLabUserScreen />);
    expect(await screen.findByText('客户甲')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    const search = screen.getByRole('search');
    await pick(search, '所属部门', '检验部');
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(blade.to('/api/blade-user/deptLaboratoryExternalUser/list').at(-1)?.query.get('deptId')).toBe(
        'd1',
      ),
    );
  });
});
